import { Button, Image, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconPhoto } from '@tabler/icons-react';
import { settingLimits } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../../components/file-dropzone';
import { FormError } from '../../../components/form-error';
import { useErrorText } from '../../../lib/form';
import { useUploadLogo } from '../api/branding';
import { showSaved } from './saved-notice';

const accept = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/gif': ['.gif'],
};
const megabytes = settingLimits.logoMaxBytes / (1024 * 1024);

/**
 * `/applicationManager/settings/UpdateLogo`: the current logo, a dropzone (a button for keyboards) for
 * a new one, and "Logo opslaan". The header shows the new logo as soon as it is saved.
 */
export function LogoForm({ logoUrl, appName }: { logoUrl: string | null; appName: string }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const upload = useUploadLogo();
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const onReject = (rejections: FileRejection[]) => {
    const tooLarge = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    setRefused(tooLarge ? t('logo.tooLarge', { megabytes }) : t('logo.wrongType'));
  };
  const save = () => {
    if (!file) {
      setRefused(t('logo.chooseFirst'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        showSaved(t('logo.saved'));
      },
    });
  };

  return (
    <Stack gap="md">
      <Text>{t('logo.intro')}</Text>
      {logoUrl ? (
        <Stack gap={4}>
          <Text fw={500}>{t('logo.current')}</Text>
          <Image
            src={logoUrl}
            alt={t('logo.currentAlt', { appName })}
            h={96}
            w="auto"
            fit="contain"
            maw="100%"
          />
        </Stack>
      ) : (
        <Text c="dimmed">{t('logo.none')}</Text>
      )}
      <FileDropzone
        label={file ? t('logo.chosen', { name: file.name }) : t('logo.choose')}
        helpId={helpId}
        idleIcon={IconPhoto}
        accept={accept}
        maxSize={settingLimits.logoMaxBytes}
        multiple={false}
        onDrop={(files) => {
          setRefused(null);
          upload.reset();
          setFile(files[0] ?? null);
        }}
        onReject={onReject}
      />
      <Text id={helpId} size="sm" c="dimmed">
        {t('logo.help', { megabytes })}
      </Text>
      {refused && <FormError>{refused}</FormError>}
      {upload.isError && <FormError>{errorText(upload.error)}</FormError>}
      <Button size="md" onClick={save} loading={upload.isPending}>
        {t('logo.save')}
      </Button>
    </Stack>
  );
}
