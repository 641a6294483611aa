import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconEdit, IconLock, IconTrash, IconX } from '@tabler/icons-react';
import type { OfferDetail, Reservation } from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { MutationConfirmDialog } from '../../../components/mutation-confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, formatMoment } from '../../../lib/dates';
import { formatPrice } from '../../../lib/virtual-money';
import { useOptimisticOver } from '../../../lib/use-optimistic-over';
import { useOffer } from '../api/get-offer';
import {
  useCancelReservation,
  useCloseOffer,
  useDeleteOffer,
  useRefuseReservation,
} from '../api/offer-actions';
import { OfferLeft, OfferPrice } from './offer-card';
import { formatQuantity, fullName } from './offer-format';
import { OfferPhotos } from './offer-photos';
import { LastReservationPanel, ReservePanel } from './reserve-panel';
import { ReservationStatusBadge } from '../../../components/status/status-badges';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="div" className="pluk-wrap">
        {children}
      </Text>
    </Group>
  );
}

function reservationLine(reservation: Reservation, unit: string): string {
  return `${formatQuantity(reservation.quantity, unit)} · ${formatPrice(reservation.totalCents)}`;
}

/** My reservations of this offer, with their state; one still reserved can be cancelled. */
function MyReservations({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation('market');
  const cancel = useCancelReservation();
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  if (offer.myReservations.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('detail.myReservations')}>
      <Title order={2} size="h4">
        {t('detail.myReservations')}
      </Title>
      {offer.myReservations.map((reservation) => (
        <Card key={reservation.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0}>
              <Text fw={500}>{reservationLine(reservation, offer.unit)}</Text>
              <Text size="sm" c="dimmed">
                {formatMoment(reservation.createdAt)}
              </Text>
            </Stack>
            <ReservationStatusBadge status={reservation.status} />
          </Group>
          {reservation.status === 'reserved' && (
            <Button
              mt="xs"
              variant="light"
              color="red"
              leftSection={<IconX size={18} aria-hidden />}
              onClick={() => {
                cancel.reset();
                setCancelling(reservation);
              }}
            >
              {t('detail.cancel')}
            </Button>
          )}
        </Card>
      ))}
      <MutationConfirmDialog
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('detail.cancelTitle')}
        text={t('detail.cancelText')}
        confirmLabel={t('detail.cancelConfirm')}
        cancelLabel={t('detail.keep')}
        color="red"
        mutation={cancel}
        variables={cancelling ? cancelling.id : null}
        success={t('detail.cancelled')}
      />
    </Stack>
  );
}

/** For the owner: every reservation with its state; one reserved can be confirmed (paid) or refused. */
function OwnerReservations({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation('market');
  const refuse = useRefuseReservation();
  const [refusing, setRefusing] = useState<Reservation | null>(null);
  const reservations = offer.reservations ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={t('detail.reservations')}>
      <Title order={2} size="h4">
        {t('detail.reservations')}
      </Title>
      {reservations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noReservations')}
        </Text>
      ) : (
        reservations.map((reservation) => (
          <Card key={reservation.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Stack gap={0}>
                <Text fw={600}>{fullName(reservation.taker)}</Text>
                <Text size="sm">{reservationLine(reservation, offer.unit)}</Text>
                <Text size="sm" c="dimmed">
                  {formatMoment(reservation.createdAt)}
                </Text>
              </Stack>
              <ReservationStatusBadge status={reservation.status} />
            </Group>
            {reservation.status === 'reserved' && (
              <Group mt="xs" gap="xs">
                <Button
                  component={Link}
                  to={paths.marketConfirmPaid.getHref(offer.id, reservation.id)}
                  leftSection={<IconCash size={18} aria-hidden />}
                  aria-label={`${t('detail.confirmPaid')}: ${fullName(reservation.taker)}`}
                >
                  {t('detail.confirmPaid')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  aria-label={`${t('detail.refuse')}: ${fullName(reservation.taker)}`}
                  onClick={() => {
                    refuse.reset();
                    setRefusing(reservation);
                  }}
                >
                  {t('detail.refuse')}
                </Button>
              </Group>
            )}
          </Card>
        ))
      )}
      <MutationConfirmDialog
        opened={refusing !== null}
        onClose={() => setRefusing(null)}
        title={t('detail.refuseTitle')}
        text={t('detail.refuseText', { name: refusing ? fullName(refusing.taker) : '' })}
        confirmLabel={t('detail.refuseConfirm')}
        color="red"
        mutation={refuse}
        variables={refusing ? refusing.id : null}
        success={t('detail.refused')}
      />
    </Stack>
  );
}

/** For the owner: edit, close (confirm dialog) and delete (confirm dialog; refused once paid). */
function OwnerActions({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const close = useCloseOffer();
  const remove = useDeleteOffer();
  return (
    <Stack gap="xs" component="section" aria-label={t('detail.ownerActions')}>
      <Title order={2} size="h4">
        {t('detail.ownerActions')}
      </Title>
      {offer.isClosed && (
        <Alert color="gray" icon={<IconLock aria-hidden />}>
          {t('detail.isClosed')}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          component={Link}
          to={paths.marketEdit.getHref(offer.id)}
          variant="light"
          leftSection={<IconEdit size={18} aria-hidden />}
        >
          {t('detail.edit')}
        </Button>
        {!offer.isClosed && (
          <ConfirmActionButton
            variant="light"
            color="gray"
            leftSection={<IconLock size={18} aria-hidden />}
            confirm={{
              title: t('detail.closeTitle'),
              text: t('detail.closeText'),
              confirmLabel: t('detail.closeConfirm'),
              cancelLabel: t('detail.keepIt'),
              mutation: close,
              variables: offer.id,
              success: t('detail.closed'),
            }}
          >
            {t('detail.close')}
          </ConfirmActionButton>
        )}
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('detail.deleteTitle'),
            text: t('detail.deleteText'),
            confirmLabel: t('detail.deleteConfirm'),
            cancelLabel: t('detail.keepIt'),
            color: 'red',
            mutation: remove,
            variables: offer.id,
            success: t('detail.deleted'),
            onDone: () => void navigate(paths.market.getHref(), { replace: true }),
          }}
        >
          {t('detail.delete')}
        </ConfirmActionButton>
      </Group>
    </Stack>
  );
}

/**
 * One offer for a member: photos, title, price, what is left, until when, description, pickup, owner.
 * Others take or buy a quantity and see their reservations; the owner sees every reservation and
 * edits, closes or deletes.
 */
export function OfferDetailView({ offerId }: { offerId: number }) {
  const query = useOffer(offerId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <OfferDetailLoaded saved={query.data} />;
}

/** What is left once `quantity` is taken or bought, shown while the server answers (decision 088). */
function withQuantityGone(offer: OfferDetail, quantity: number): OfferDetail {
  return { ...offer, quantityLeft: Math.max(0, offer.quantityLeft - quantity) };
}

function OfferDetailLoaded({ saved }: { saved: OfferDetail }) {
  const { t } = useTranslation('market');
  const [offer, showReserved] = useOptimisticOver(saved, withQuantityGone);
  return (
    <Stack gap="md">
      <OfferPhotos title={offer.title} photoIds={offer.photoIds} />
      <Title order={2} className="pluk-wrap">
        {offer.title}
      </Title>
      <Card withBorder radius="md" padding="sm">
        <Stack gap={6}>
          <Fact label={t('detail.price')}>
            <OfferPrice offer={offer} />
          </Fact>
          <Fact label={t('detail.left')}>
            <OfferLeft offer={offer} />
          </Fact>
          {offer.availableUntil && (
            <Fact label={t('detail.availableUntil')}>{formatDate(offer.availableUntil)}</Fact>
          )}
          <Fact label={t('detail.owner')}>{fullName(offer.owner)}</Fact>
        </Stack>
      </Card>
      {offer.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {offer.description}
        </Text>
      )}
      {offer.pickupInfo && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('detail.pickupInfo')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
            {offer.pickupInfo}
          </Text>
        </Stack>
      )}
      {offer.isMine ? (
        <>
          <OwnerReservations offer={offer} />
          <OwnerActions offer={offer} />
        </>
      ) : (
        <>
          <LastReservationPanel offer={offer} />
          <ReservePanel offer={offer} onReserving={showReserved} />
          <MyReservations offer={offer} />
        </>
      )}
    </Stack>
  );
}
