import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { avatarLimits, type Account } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useChangeAvatar } from '../api/change-avatar';
import { useAvatarUrl } from '../api/get-avatar';

const maxMegabytes = avatarLimits.maxBytes / (1024 * 1024);

/** The same checks as the server, so a wrong file is refused before it is sent. */
export function avatarFileProblem(file: File): 'type' | 'size' | null {
  if (!(avatarLimits.mimeTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > avatarLimits.maxBytes) return 'size';
  return null;
}

/** My avatar with a button to choose a new photo (JPEG, PNG, WebP or GIF, at most 5 MB). */
export function AvatarUpload({ account }: { account: Account }) {
  const { t } = useTranslation('user');
  const errorText = useErrorText();
  const url = useAvatarUrl(account.hasAvatar, account.avatarVersion);
  const changeAvatar = useChangeAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const initials = `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.toUpperCase();

  const upload = (file: File | null) => {
    if (!file) return;
    const fileProblem = avatarFileProblem(file);
    if (fileProblem) {
      setProblem(
        fileProblem === 'type' ? t('avatar.wrongType') : t('avatar.tooLarge', { megabytes: maxMegabytes }),
      );
      return;
    }
    setProblem(null);
    changeAvatar.mutate(file, {
      onSuccess: () => notifications.show({ color: 'brand', message: t('avatar.saved') }),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Stack align="center" gap="xs">
      <Avatar src={url} size={96} radius={96} color="brand" alt={t('avatar.alt')}>
        {initials}
      </Avatar>
      <FileButton onChange={upload} accept={avatarLimits.mimeTypes.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="sm"
            leftSection={<IconCamera size={16} aria-hidden />}
            loading={changeAvatar.isPending}
          >
            {account.hasAvatar ? t('avatar.change') : t('avatar.add')}
          </Button>
        )}
      </FileButton>
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
