import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconHandStop } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { startTransition, useId, type ReactNode } from 'react';

/**
 * The big "Ik help" button of a chore or a request: it runs `mutation` once (a second tap while it
 * runs does nothing) and shows the farm's notification when it worked. While `reason` is set it is
 * disabled and described by that reason; a failed take shows `renderError`.
 *
 * The take runs as a React 19 action (decision 088): `onOptimistic` may show the taken state at once
 * (`useOptimistic` in the screen), which React puts back when the action ends with a refusal.
 */
export function TakeButton<TVariables>({
  mutation,
  variables,
  label,
  success,
  reason,
  renderError,
  onOptimistic,
}: {
  mutation: UseMutationResult<unknown, unknown, TVariables, unknown>;
  variables: TVariables;
  label: string;
  success: string;
  /** Why it cannot be taken now, or null. */
  reason: string | null;
  renderError: (error: unknown) => ReactNode;
  /** Shows the taken state before the server answers; called inside the action's transition. */
  onOptimistic?: () => void;
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
          startTransition(async () => {
            onOptimistic?.();
            try {
              await mutation.mutateAsync(variables);
            } catch {
              return; // the mutation's error shows below (renderError)
            }
            notifications.show({ color: 'brand', icon: <IconCheck size={18} />, message: success });
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
