import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { TaskDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { TakeButton } from '../../../components/take-button';
import { useErrorText } from '../../../lib/form';
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

function MyAssignment({ task }: { task: TaskDetail }) {
  const { t } = useTranslation(['tasks', 'common']);
  const cancel = useCancelTask();
  if (!task.myStatus) return null;
  const text = {
    waiting: t('detail.myStateWaiting'),
    confirmed: t('detail.myStateConfirmed'),
    refused: t('detail.myStateRefused'),
  }[task.myStatus];
  const canCancel = task.myStatus === 'waiting' && !task.hasStarted;
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

function TakeTask({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const take = useTakeTask();
  const reason = blockedReason(task);
  return (
    <TakeButton
      mutation={take}
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
  const { t } = useTranslation('tasks');
  const query = useTask(taskId);
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
      {task.myStatus ? <MyAssignment task={task} /> : <TakeTask task={task} />}
      <Helpers task={task} />
    </Stack>
  );
}
