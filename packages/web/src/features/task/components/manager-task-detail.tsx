import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconLock, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { ManagerTaskDetail, TaskTaker } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import {
  useCloseTask,
  useConfirmAssignment,
  useCopyTask,
  useDeleteTask,
  useManagerTask,
  useRefuseAssignment,
} from '../api/manager-tasks';
import { formatDate } from '../../../lib/dates';
import { TaskFacts } from './task-facts';
import { ChoreStatusBadge } from '../../../components/status/status-badges';

function TakerRow({ taker }: { taker: TaskTaker }) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const confirm = useConfirmAssignment();
  const refuse = useRefuseAssignment();
  const name = `${taker.firstName} ${taker.lastName}`;
  const busy = confirm.isPending || refuse.isPending;
  const error = confirm.error ?? refuse.error;
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div className="pluk-wrap">
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">
              {t('manager.takenOn', { date: formatDate(taker.takenAt) })}
            </Text>
          </div>
          <ChoreStatusBadge status={taker.status} />
        </Group>
        <Group gap="xs">
          {taker.status !== 'confirmed' && (
            <Button
              size="sm"
              leftSection={<IconCheck size={16} aria-hidden />}
              aria-label={t('manager.confirmTaker', { name })}
              loading={confirm.isPending}
              disabled={busy}
              onClick={() =>
                confirm.mutate(taker.assignmentId, {
                  onSuccess: () =>
                    notifications.show({ color: 'brand', message: t('manager.confirmedTaker', { name }) }),
                })
              }
            >
              {t('manager.confirm')}
            </Button>
          )}
          {taker.status !== 'refused' && (
            <Button
              size="sm"
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              aria-label={t('manager.refuseTaker', { name })}
              loading={refuse.isPending}
              disabled={busy}
              onClick={() =>
                refuse.mutate(taker.assignmentId, {
                  onSuccess: () =>
                    notifications.show({ color: 'brand', message: t('manager.refusedTaker', { name }) }),
                })
              }
            >
              {t('manager.refuse')}
            </Button>
          )}
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {errorText(error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Actions({
  task,
  editHref,
  onCopied,
  onDeleted,
}: {
  task: ManagerTaskDetail;
  editHref: string;
  onCopied: (copy: ManagerTaskDetail) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const close = useCloseTask();
  const copy = useCopyTask();
  const remove = useDeleteTask();
  return (
    <>
      <Group gap="xs">
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('manager.edit')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden />}
          loading={copy.isPending}
          onClick={() =>
            copy.mutate(task.id, {
              onSuccess: (created) => {
                notifications.show({ color: 'brand', message: t('manager.copied') });
                onCopied(created);
              },
            })
          }
        >
          {t('manager.copy')}
        </Button>
        {!task.isClosed && (
          <ConfirmActionButton
            variant="light"
            color="gray"
            leftSection={<IconLock size={18} aria-hidden />}
            confirm={{
              title: t('manager.closeTitle'),
              text: t('manager.closeText'),
              confirmLabel: t('manager.closeConfirm'),
              color: 'red',
              mutation: close,
              variables: task.id,
              success: t('manager.closed'),
            }}
          >
            {t('manager.close')}
          </ConfirmActionButton>
        )}
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('manager.deleteTitle'),
            text: t('manager.deleteText', { title: task.title }),
            consequences: {
              gone: t('manager.deleteGone', { title: task.title }),
              kept: t('manager.deleteKept', { title: task.title }),
              instead: t('manager.deleteInstead', { title: task.title }),
            },
            confirmLabel: t('manager.deleteConfirm'),
            color: 'red',
            mutation: remove,
            variables: task.id,
            success: t('manager.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('manager.delete')}
        </ConfirmActionButton>
      </Group>
      {copy.isError && (
        <Alert color="red" role="alert">
          {errorText(copy.error)}
        </Alert>
      )}
    </>
  );
}

/** One chore for the TaskManager: its facts, the actions, and every taker to confirm or refuse. */
export function ManagerTaskDetailView({
  taskId,
  editHref,
  onCopied,
  onDeleted,
}: {
  taskId: number;
  editHref: string;
  onCopied: (copy: ManagerTaskDetail) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('tasks');
  const query = useManagerTask(taskId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const task = query.data;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} className="pluk-wrap">
          {task.title}
        </Title>
        <TaskFacts task={task} />
        <Text size="sm" c="dimmed">
          {t('manager.counts', {
            waiting: task.waitingCount,
            confirmed: task.confirmedCount,
            count: task.places,
          })}
        </Text>
      </Stack>
      {task.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {task.description}
        </Text>
      )}
      <Actions task={task} editHref={editHref} onCopied={onCopied} onDeleted={onDeleted} />
      <Title order={3} size="h4">
        {t('manager.takers')}
      </Title>
      {task.takers.length === 0 ? (
        <Text c="dimmed">{t('manager.noTakers')}</Text>
      ) : (
        <Stack gap="sm">
          {task.takers.map((taker) => (
            <TakerRow key={taker.assignmentId} taker={taker} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
