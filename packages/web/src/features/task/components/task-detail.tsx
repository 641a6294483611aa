import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { TaskDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { TakeButton } from '../../../components/take-button';
import { useErrorText } from '../../../lib/form';
import { useOptimisticOver } from '../../../lib/use-optimistic-over';
import { useAccount } from '../../user/api/get-account';
import { useTask } from '../api/get-task';
import { useCancelTask, useTakeTask } from '../api/take-task';
import { TaskFacts } from './task-facts';
import { ChoreStatusBadge } from '../../../components/status/status-badges';

/** Why a chore cannot be taken, or null when it can. */
function blockedReason(task: TaskDetail): 'reasonClosed' | 'reasonStarted' | 'reasonFull' | null {
  if (task.isClosed) return 'reasonClosed';
  if (task.hasStarted) return 'reasonStarted';
  if (task.isFull) return 'reasonFull';
  return null;
}

/**
 * The chore as it is once my take is done, shown while the server answers (decision 088): my waiting
 * place, one place fewer, my name among the helpers.
 */
function withMyPlace(task: TaskDetail, firstName: string | undefined): TaskDetail {
  if (task.myStatus) return task;
  const placesTaken = task.placesTaken + 1;
  return {
    ...task,
    myStatus: 'waiting',
    placesTaken,
    placesLeft: Math.max(0, task.placesLeft - 1),
    isFull: placesTaken >= task.places,
    helpers: firstName ? [...task.helpers, { firstName, status: 'waiting' }] : task.helpers,
  };
}

/** `pending`: the take is not answered yet, so there is nothing to cancel. */
function MyAssignment({ task, pending }: { task: TaskDetail; pending: boolean }) {
  const { t } = useTranslation(['tasks', 'common']);
  const cancel = useCancelTask();
  if (!task.myStatus) return null;
  const text = {
    waiting: t('detail.myStateWaiting'),
    confirmed: t('detail.myStateConfirmed'),
    refused: t('detail.myStateRefused'),
  }[task.myStatus];
  const canCancel = task.myStatus === 'waiting' && !task.hasStarted && !pending;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('detail.myState')}</Text>
          <ChoreStatusBadge status={task.myStatus} />
        </Group>
        <Text size="sm">{text}</Text>
        {canCancel && (
          <ConfirmActionButton
            variant="light"
            color="red"
            leftSection={<IconX size={18} aria-hidden />}
            confirm={{
              title: t('detail.cancelTitle'),
              text: t('detail.cancelText'),
              confirmLabel: t('detail.cancelConfirm'),
              cancelLabel: t('detail.keep'),
              color: 'red',
              mutation: cancel,
              variables: task.id,
              success: t('detail.cancelled'),
            }}
          >
            {t('detail.cancel')}
          </ConfirmActionButton>
        )}
      </Stack>
    </Card>
  );
}

function TakeTask({
  task,
  take,
  onOptimistic,
}: {
  task: TaskDetail;
  take: ReturnType<typeof useTakeTask>;
  onOptimistic: () => void;
}) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const reason = blockedReason(task);
  return (
    <TakeButton
      mutation={take}
      onOptimistic={onOptimistic}
      variables={task.id}
      label={t('detail.take')}
      success={t('detail.taken')}
      reason={reason ? t(`detail.${reason}`) : null}
      renderError={(error) => (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      )}
    />
  );
}

function Helpers({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('detail.helpers')}
      </Title>
      {task.helpers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noHelpers')}
        </Text>
      ) : (
        <List spacing={4}>
          {task.helpers.map((helper, index) => (
            <List.Item key={`${helper.firstName}-${index}`}>
              {helper.firstName}
              {helper.status === 'waiting' && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  ({t('detail.helperWaiting')})
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** One chore for a member: what, when, where, places; take it or see (and cancel) my assignment; who helps. */
export function TaskDetailView({ taskId }: { taskId: number }) {
  const query = useTask(taskId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <TaskDetailLoaded saved={query.data} />;
}

/**
 * The take shows my place at once (`useOptimistic`, decision 088) and React puts the chore back as it
 * was when the server refuses; the take's mutation lives here, so its Dutch refusal shows under the
 * button that comes back.
 */
function TaskDetailLoaded({ saved }: { saved: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const take = useTakeTask();
  const firstName = useAccount().data?.firstName;
  const [task, showTaken] = useOptimisticOver(saved, (current, _: null) => withMyPlace(current, firstName));
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} className="pluk-wrap">
          {task.title}
        </Title>
        <TaskFacts task={task} />
        {task.creditsPerPerson > 0 && (
          <Text size="sm" c="dimmed">
            {t('detail.creditsPerPerson', { count: task.creditsPerPerson })} ·{' '}
            {t('detail.placesOf', { taken: task.placesTaken, places: task.places })}
          </Text>
        )}
      </Stack>
      {task.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {task.description}
        </Text>
      )}
      {task.myStatus ? (
        <MyAssignment task={task} pending={task !== saved} />
      ) : (
        <TakeTask task={task} take={take} onOptimistic={() => showTaken(null)} />
      )}
      <Helpers task={task} />
    </Stack>
  );
}
