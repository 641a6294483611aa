import { Badge } from '@mantine/core';
import type { ReservationStatus } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<ReservationStatus, string> = {
  reserved: 'yellow',
  paid: 'green',
  refused: 'red',
  cancelled: 'gray',
};

/** The state of a reservation: gereserveerd, betaald, geweigerd or geannuleerd. */
export function ReservationStatusBadge({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation('market');
  return (
    <Badge color={colors[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
