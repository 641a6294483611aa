import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { downloadMediaFile } from '../api/media-file';

/** Human file size in Dutch notation (kB, MB). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const format = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 1 });
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} kB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}

/** A download button for an attachment; the file comes through the API client with the token. */
export function AttachmentButton({ id, fileName, size }: { id: number; fileName: string; size: number }) {
  const { t } = useTranslation('media');
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <div>
      <Button
        variant="light"
        fullWidth
        justify="space-between"
        leftSection={<IconDownload size={18} aria-hidden />}
        rightSection={<Text size="xs">{formatFileSize(size)}</Text>}
        loading={pending}
        aria-label={t('download', { name: fileName })}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        onClick={() => {
          setPending(true);
          setError(null);
          downloadMediaFile(id, fileName)
            .catch(setError)
            .finally(() => setPending(false));
        }}
      >
        {fileName}
      </Button>
      {error !== null && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {errorText(error)}
        </Text>
      )}
    </div>
  );
}
