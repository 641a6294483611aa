import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail, IconTrash } from '@tabler/icons-react';
import type { ManagedPost, PostEmailRound } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { useErrorText } from '../../../lib/form';
import { useDeletePost, usePostEmailRound, useSendPostWithEmail } from '../api/posts';
import { formatDate } from '../../../lib/dates';

function SummaryText({ summary }: { summary: PostEmailRound }) {
  const { t } = useTranslation('posts');
  if (summary.recipients === 0) return <Text>{t('manager.sendNoRecipients')}</Text>;
  if (summary.sent === 0 && summary.notSent === summary.recipients) {
    return <Text>{t('manager.sendNoSettings')}</Text>;
  }
  const problems = [
    summary.notSent > 0 && t('manager.sendNotSent', { count: summary.notSent }),
    summary.failed > 0 && t('manager.sendFailed', { count: summary.failed }),
  ].filter(Boolean);
  return (
    <>
      <Text>
        {summary.waiting > 0
          ? t('manager.sendProgress', {
              count: summary.recipients,
              sent: summary.sent,
              waiting: summary.waiting,
            })
          : t('manager.sendResult', { count: summary.recipients, sent: summary.sent })}
      </Text>
      {problems.length > 0 && <Text size="sm">{problems.join(' ')}</Text>}
    </>
  );
}

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
  const color = round.waiting > 0 ? 'blue' : round.sent === round.recipients ? 'brand' : 'orange';
  return (
    <Alert color={color} role="status" title={t('manager.roundTitle', { date: formatDate(round.startedAt) })}>
      {round.waiting > 0 && (
        <Progress
          value={round.recipients === 0 ? 100 : (100 * (round.recipients - round.waiting)) / round.recipients}
          aria-label={t('manager.roundProgress')}
          mb="xs"
        />
      )}
      <SummaryText summary={round} />
    </Alert>
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
