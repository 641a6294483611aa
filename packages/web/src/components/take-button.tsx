import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconHandStop } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';

/**
 * The big "Ik help" button of a chore or a request: it runs `mutation` once (a second tap while it
 * runs does nothing) and shows the farm's notification when it worked. While `reason` is set it is
 * disabled and described by that reason; a failed take shows `renderError`.
 */
export function TakeButton<TVariables>({
  mutation,
  variables,
  label,
  success,
  reason,
  renderError,
}: {
  mutation: UseMutationResult<unknown, unknown, TVariables, unknown>;
  variables: TVariables;
  label: string;
  success: string;
  /** Why it cannot be taken now, or null. */
  reason: string | null;
  renderError: (error: unknown) => ReactNode;
}) {
  const reasonId = useId();
  return (
    <Stack gap="xs">
      <Button
        size="md"
        fullWidth
        leftSection={<IconHandStop size={20} aria-hidden />}
        disabled={reason !== null}
        aria-describedby={reason !== null ? reasonId : undefined}
        loading={mutation.isPending}
        onClick={() => {
          if (mutation.isPending) return;
          mutation.mutate(variables, {
            onSuccess: () =>
              notifications.show({
                color: 'brand',
                icon: <IconCheck size={18} />,
                message: success,
              }),
          });
        }}
      >
        {label}
      </Button>
      {reason !== null && (
        <Text id={reasonId} size="sm" c="dimmed">
          {reason}
        </Text>
      )}
      {mutation.isError && renderError(mutation.error)}
    </Stack>
  );
}
