import { Badge } from '@mantine/core';
import type { RequestStatus } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<RequestStatus, string> = {
  open: 'green',
  taken: 'yellow',
  completed: 'blue',
  closed: 'gray',
};

/** The state of a request: open, taken (someone helps), completed or closed. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  return (
    <Badge color={colors[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
