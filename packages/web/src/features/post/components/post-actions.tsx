import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMail, IconTrash } from '@tabler/icons-react';
import type { ManagedPost, PostEmailSummary } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useErrorText } from '../../../lib/form';
import { useDeletePost, useSendPostWithEmail } from '../api/posts';
import { formatDate } from '../../../lib/dates';

function SummaryText({ summary }: { summary: PostEmailSummary }) {
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
      <Text>{t('manager.sendResult', { count: summary.recipients, sent: summary.sent })}</Text>
      {problems.length > 0 && <Text size="sm">{problems.join(' ')}</Text>}
    </>
  );
}

/** Mail the post to every member who wants e-mails, after a confirmation; shows the counts. */
export function SendPostEmailButton({ post }: { post: ManagedPost }) {
  const { t } = useTranslation(['posts', 'common']);
  const errorText = useErrorText();
  const [opened, { open, close }] = useDisclosure(false);
  const send = useSendPostWithEmail();
  const [result, setResult] = useState<PostEmailSummary | null>(null);
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
      {post.emailed && !result && (
        <Text size="sm" c="dimmed">
          {t('manager.lastSent', { ...post.emailed, date: formatDate(post.emailed.lastSentAt) })}
        </Text>
      )}
      {result && (
        <Alert color={result.sent === result.recipients ? 'brand' : 'orange'} role="status">
          <SummaryText summary={result} />
        </Alert>
      )}
      <Modal opened={opened} onClose={close} title={t('manager.sendTitle')} centered>
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
            <Button
              loading={send.isPending}
              onClick={() =>
                send.mutate(post.id, {
                  onSuccess: (summary) => {
                    setResult(summary);
                    close();
                  },
                })
              }
            >
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
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeletePost();
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={() => {
          remove.reset();
          open();
        }}
        size="md"
      >
        {t('manager.delete')}
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={close}
        title={t('manager.deleteTitle')}
        text={t('manager.deleteText', { title: post.title })}
        confirmLabel={t('manager.delete')}
        color="red"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              close();
              notifications.show({ color: 'brand', message: t('manager.deleted') });
              onDeleted();
            },
          })
        }
      />
    </>
  );
}
