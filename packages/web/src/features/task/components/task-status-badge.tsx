import { Badge } from '@mantine/core';
import type { AssignmentStatus } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<AssignmentStatus, string> = { waiting: 'yellow', confirmed: 'green', refused: 'red' };

/** The state of an assignment: waiting, confirmed or refused. */
export function TaskStatusBadge({ status }: { status: AssignmentStatus }) {
  const { t } = useTranslation('tasks');
  return (
    <Badge color={colors[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
