import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail, IconTrash } from '@tabler/icons-react';
import type { ManagedPost } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { EmailRoundProgress } from '../../../components/email-round-progress';
import { useErrorText } from '../../../lib/form';
import { useDeletePost, usePostEmailRound, useSendPostWithEmail } from '../api/posts';
import { formatDate } from '../../../lib/dates';

/** The latest e-mail round of the post: its progress while e-mails wait, then its outcome. */
function EmailRoundStatus({ post }: { post: ManagedPost }) {
  const { t } = useTranslation('posts');
  const query = usePostEmailRound(post.id);
  const round = query.data?.round;
  if (!round) {
    return post.emailed ? (
      <Text size="sm" c="dimmed">
        {t('manager.lastSent', { ...post.emailed, date: formatDate(post.emailed.lastSentAt) })}
      </Text>
    ) : null;
  }
  return (
    <EmailRoundProgress
      round={round}
      title={t('manager.roundTitle', { date: formatDate(round.startedAt) })}
      noRecipientsText={t('manager.sendNoRecipients')}
      noSettingsText={t('manager.sendNoSettings')}
    />
  );
}

/** Mail the post to every member who wants e-mails, after a confirmation; shows the round's progress. */
export function SendPostEmailButton({ post }: { post: ManagedPost }) {
  const { t } = useTranslation(['posts', 'common']);
  const errorText = useErrorText();
  const [opened, { open, close }] = useDisclosure(false);
  const send = useSendPostWithEmail();
  return (
    <>
      <Button
        leftSection={<IconMail size={18} aria-hidden />}
        onClick={() => {
          send.reset();
          open();
        }}
        disabled={!post.isActive}
        size="md"
      >
        {t('manager.sendEmail')}
      </Button>
      <EmailRoundStatus post={post} />
      <Modal
        opened={opened}
        onClose={close}
        title={t('manager.sendTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:header.close') }}
      >
        <Stack>
          <Text>{t('manager.sendText')}</Text>
          {send.isError && (
            <Text c="red" role="alert">
              {errorText(send.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button loading={send.isPending} onClick={() => send.mutate(post.id, { onSuccess: close })}>
              {t('manager.sendConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Delete the post after a confirmation. */
export function DeletePostButton({ post, onDeleted }: { post: ManagedPost; onDeleted: () => void }) {
  const { t } = useTranslation(['posts', 'common']);
  const remove = useDeletePost();
  return (
    <ConfirmActionButton
      variant="light"
      color="red"
      leftSection={<IconTrash size={18} aria-hidden />}
      size="md"
      confirm={{
        title: t('manager.deleteTitle'),
        text: t('manager.deleteText', { title: post.title }),
        consequences: {
          gone: t('manager.deleteGone', { title: post.title }),
          kept: t('manager.deleteKept', { title: post.title }),
        },
        confirmLabel: t('manager.delete'),
        color: 'red',
        mutation: remove,
        variables: post.id,
        success: t('manager.deleted'),
        onDone: onDeleted,
      }}
    >
      {t('manager.delete')}
    </ConfirmActionButton>
  );
}
