import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCash, IconX } from '@tabler/icons-react';
import type { OfferDetail, Reservation } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { MutationConfirmDialog } from '../../../components/mutation-confirm-dialog';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { useErrorText } from '../../../lib/form';
import { formatPrice } from '../../../lib/virtual-money';
import { useOffer } from '../api/get-offer';
import { useConfirmReservation, useRefuseReservation } from '../api/offer-actions';
import { formatQuantity, fullName } from './offer-format';
import { ReservationStatusBadge, useReservationStatusLabel } from '../../../components/status/status-badges';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" className="pluk-wrap">
        {value}
      </Text>
    </Group>
  );
}

function ConfirmPaidPanel({
  offer,
  reservation,
  onDone,
}: {
  offer: OfferDetail;
  reservation: Reservation;
  onDone: () => void;
}) {
  const { t } = useTranslation('market');
  const reservationStatus = useReservationStatusLabel();
  const errorText = useErrorText();
  const confirm = useConfirmReservation();
  const refuse = useRefuseReservation();
  const [refuseOpened, refuseDialog] = useDisclosure(false);
  const buyer = fullName(reservation.taker);
  const total = formatPrice(reservation.totalCents);
  const isReserved = reservation.status === 'reserved';
  return (
    <Stack gap="md">
      <Title order={2} className="pluk-wrap">
        {offer.title}
      </Title>
      <Card withBorder radius="md" padding="sm">
        <Stack gap={6}>
          <Row label={t('confirmPaid.buyer')} value={buyer} />
          <Row label={t('confirmPaid.quantity')} value={formatQuantity(reservation.quantity, offer.unit)} />
          <Row label={t('confirmPaid.total')} value={total} />
          <Row label={t('confirmPaid.reservedOn')} value={formatMoment(reservation.createdAt)} />
        </Stack>
      </Card>
      {isReserved ? (
        <>
          <Text>
            {reservation.totalCents > 0
              ? t('confirmPaid.whatHappens', { total, buyer })
              : t('confirmPaid.whatHappensFree', { buyer })}
          </Text>
          {confirm.isError && <FormError>{errorText(confirm.error)}</FormError>}
          <Button
            size="md"
            fullWidth
            leftSection={<IconCash size={20} aria-hidden />}
            loading={confirm.isPending}
            onClick={() => {
              if (confirm.isPending) return;
              confirm.mutate(reservation.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'brand',
                    message:
                      reservation.totalCents > 0
                        ? t('confirmPaid.confirmed', { total })
                        : t('confirmPaid.confirmedFree'),
                  });
                  onDone();
                },
              });
            }}
          >
            {t('confirmPaid.confirm')}
          </Button>
          <Button
            size="md"
            fullWidth
            variant="light"
            color="red"
            leftSection={<IconX size={20} aria-hidden />}
            onClick={() => {
              refuse.reset();
              refuseDialog.open();
            }}
          >
            {t('confirmPaid.refuse')}
          </Button>
        </>
      ) : (
        <Alert color="gray">
          <Group gap="xs">
            <Text size="sm">
              {t('confirmPaid.alreadyHandled', { status: reservationStatus(reservation.status) })}
            </Text>
            <ReservationStatusBadge status={reservation.status} />
          </Group>
        </Alert>
      )}
      <MutationConfirmDialog
        opened={refuseOpened}
        onClose={refuseDialog.close}
        title={t('detail.refuseTitle')}
        text={t('detail.refuseText', { name: buyer })}
        confirmLabel={t('detail.refuseConfirm')}
        color="red"
        mutation={refuse}
        variables={reservation.id}
        success={t('detail.refused')}
        onDone={onDone}
      />
    </Stack>
  );
}

/**
 * The owner confirms one reservation as paid (the money moves buyer → owner) or refuses it; `onDone`
 * goes back to the offer.
 */
export function ConfirmPaidView({
  offerId,
  reservationId,
  onDone,
}: {
  offerId: number;
  reservationId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation('market');
  const query = useOffer(offerId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const offer = query.data;
  const reservation = offer.reservations?.find((r) => r.id === reservationId);
  if (!reservation) return <Alert color="gray">{t('confirmPaid.notFound')}</Alert>;
  return <ConfirmPaidPanel offer={offer} reservation={reservation} onDone={onDone} />;
}
