import { Paper, Text } from '@mantine/core';

/**
 * One figure of a summary row (a count or an amount under its label), for a `Group` that wraps: the
 * rem-based basis puts them side by side on a phone and one per row once the text is made larger.
 * `compact` fits five to a row (a bank file's counts).
 */
export function SummaryFigure({
  label,
  value,
  compact = false,
}: {
  label: string;
  value: string | number;
  compact?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'xs' : 'sm'}
      style={{ flex: compact ? '1 1 7rem' : '1 1 9rem', minWidth: 0 }}
    >
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}
