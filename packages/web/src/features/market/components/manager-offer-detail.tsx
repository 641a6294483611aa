import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileSpreadsheet, IconLock, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { OfferDetail, OfferTaker } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReservationStatusBadge } from '../../../components/status/status-badges';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, formatMoment } from '../../../lib/dates';
import { useErrorText } from '../../../lib/form';
import { formatPrice, formatVirtualMoney } from '../../../lib/virtual-money';
import { CommentSection } from '../../comment/components/comment-section';
import { MediaImage } from '../../media/components/media-image';
import {
  useExportOffer,
  useManagerCloseOffer,
  useManagerConfirmReservation,
  useManagerDeleteOffer,
  useManagerOffer,
  useManagerRefuseReservation,
  useOfferTakers,
} from '../api/manager-offers';
import { ManagerBuyDialog } from './manager-buy-dialog';
import { ManagerOfferStateBadge } from './manager-offer-list';

/** A card's title beside its state badge: they share a line, and the badge drops below once text is made larger. */
const headerText = { flex: '1 1 10rem', minWidth: 0 } as const;

/** One taker: contact, what they reserved, and — while it waits — confirm paid or refuse, each asked once more. */
function TakerCard({ taker, offer }: { taker: OfferTaker; offer: OfferDetail }) {
  const { t } = useTranslation('productManager');
  const confirm = useManagerConfirmReservation();
  const refuse = useManagerRefuseReservation();
  const name = `${taker.taker.firstName} ${taker.taker.lastName}`;
  const free = taker.totalCents === 0;
  const quantity = `${taker.quantity} ${offer.unit || t('detail.pieces')}`;
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div className="pluk-wrap" style={headerText}>
            <Text fw={600}>{name}</Text>
            <Text size="xs" c="dimmed">
              {t('detail.reservedOn', { date: formatDate(taker.createdAt) })}
            </Text>
          </div>
          <ReservationStatusBadge status={taker.status} />
        </Group>
        <Text size="sm">
          {quantity}
          {' · '}
          {formatPrice(taker.totalCents)}
        </Text>
        {taker.email && (
          <Text size="sm" className="pluk-wrap">
            <a href={`mailto:${taker.email}`}>{taker.email}</a>
          </Text>
        )}
        {taker.phone && (
          <Text size="sm">
            <a href={`tel:${taker.phone.replace(/\s/g, '')}`}>{taker.phone}</a>
          </Text>
        )}
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {taker.subscriptionNames.length > 0
            ? t('detail.subscriptions', { names: taker.subscriptionNames.join(', ') })
            : t('detail.noSubscriptions')}
        </Text>
        {taker.status === 'reserved' && (
          <Group gap="xs">
            <ConfirmActionButton
              size="sm"
              leftSection={<IconCheck size={16} aria-hidden />}
              aria-label={t(free ? 'detail.confirmTakenFor' : 'detail.confirmPaidFor', { name })}
              confirm={{
                title: t(free ? 'detail.confirmTakenTitle' : 'detail.confirmPaidTitle'),
                text: free
                  ? t('detail.confirmTakenText', { name, quantity })
                  : t('detail.confirmPaidText', {
                      name,
                      amount: formatVirtualMoney(taker.totalCents),
                      owner: `${offer.owner.firstName} ${offer.owner.lastName}`,
                    }),
                confirmLabel: t('detail.confirmYes'),
                mutation: confirm,
                variables: taker.id,
                success: t('detail.confirmed', { name }),
              }}
            >
              {t(free ? 'detail.confirmTaken' : 'detail.confirmPaid')}
            </ConfirmActionButton>
            <ConfirmActionButton
              size="sm"
              variant="light"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              aria-label={t('detail.refuseOf', { name })}
              confirm={{
                title: t('detail.refuseTitle'),
                text: t('detail.refuseText', { name, quantity }),
                confirmLabel: t('detail.refuseYes'),
                color: 'red',
                mutation: refuse,
                variables: taker.id,
                success: t('detail.refused', { name }),
              }}
            >
              {t('detail.refuse')}
            </ConfirmActionButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Takers({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation('productManager');
  const query = useOfferTakers(offer.id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Text c="dimmed">{t('detail.noTakers')}</Text>;
  return (
    <Stack gap="sm">
      {query.data.map((taker) => (
        <TakerCard key={taker.id} taker={taker} offer={offer} />
      ))}
    </Stack>
  );
}

function Actions({
  offer,
  editHref,
  onDeleted,
}: {
  offer: OfferDetail;
  editHref: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('productManager');
  const errorText = useErrorText();
  const close = useManagerCloseOffer();
  const remove = useManagerDeleteOffer();
  const exportOffer = useExportOffer();
  return (
    <>
      <Group gap="xs">
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('detail.edit')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={exportOffer.isPending}
          onClick={() => exportOffer.mutate({ id: offer.id, title: offer.title })}
        >
          {t('detail.export')}
        </Button>
        <ManagerBuyDialog offer={offer} />
        {!offer.isClosed && (
          <ConfirmActionButton
            variant="light"
            color="gray"
            leftSection={<IconLock size={18} aria-hidden />}
            confirm={{
              title: t('detail.closeTitle'),
              text: t('detail.closeText'),
              confirmLabel: t('detail.closeYes'),
              color: 'red',
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
            text: t('detail.deleteText', { title: offer.title }),
            consequences: {
              gone: t('detail.deleteGone', { title: offer.title }),
              kept: t('detail.deleteKept', { title: offer.title }),
              instead: t('detail.deleteInstead', { title: offer.title }),
            },
            confirmLabel: t('detail.deleteYes'),
            color: 'red',
            mutation: remove,
            variables: offer.id,
            success: t('detail.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('detail.delete')}
        </ConfirmActionButton>
      </Group>
      {exportOffer.isPending && (
        <Text size="sm" c="dimmed" role="status">
          {t('detail.exporting')}
        </Text>
      )}
      {exportOffer.isError && (
        <Alert color="red" role="alert">
          {errorText(exportOffer.error)}
        </Alert>
      )}
    </>
  );
}

/** One offer for the ProductManager: photos, facts, actions, every taker to confirm or refuse, comments. */
export function ManagerOfferDetailView({
  offerId,
  editHref,
  onDeleted,
  reservationsHref,
}: {
  offerId: number;
  editHref: string;
  onDeleted: () => void;
  /** This offer's reservations in the table of every reservation (ADR 096: confirm many at once). */
  reservationsHref?: string;
}) {
  const { t } = useTranslation('productManager');
  const query = useManagerOffer(offerId);
  const [deleted, setDeleted] = useState(false);
  if (query.isPending || deleted) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const offer = query.data;
  const owner = `${offer.owner.firstName} ${offer.owner.lastName}`;
  return (
    <Stack gap="md">
      {offer.photoIds.length > 0 && (
        <SimpleGrid cols={offer.photoIds.length === 1 ? 1 : 2} spacing="xs">
          {offer.photoIds.map((photoId, index) => (
            <MediaImage
              key={photoId}
              id={photoId}
              alt={t('detail.photoAlt', { title: offer.title, number: index + 1 })}
              height={offer.photoIds.length === 1 ? 220 : 140}
            />
          ))}
        </SimpleGrid>
      )}
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} className="pluk-wrap" style={headerText}>
            {offer.title}
          </Title>
          <ManagerOfferStateBadge offer={offer} />
        </Group>
        <Text fw={500}>
          {formatPrice(offer.priceCents)}
          {offer.unit ? ` / ${offer.unit}` : ''}
        </Text>
        <Text size="sm">{t('list.left', { left: offer.quantityLeft, count: offer.quantity })}</Text>
        <Text size="sm" className="pluk-wrap">
          {t('list.owner', { name: owner })}
        </Text>
        {offer.availableUntil && (
          <Text size="sm">{t('detail.availableUntil', { date: formatMoment(offer.availableUntil) })}</Text>
        )}
      </Stack>
      {offer.description && (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {offer.description}
        </Text>
      )}
      {offer.pickupInfo && (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {t('detail.pickup')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
            {offer.pickupInfo}
          </Text>
        </Stack>
      )}
      <Actions
        offer={offer}
        editHref={editHref}
        onDeleted={() => {
          setDeleted(true);
          onDeleted();
        }}
      />
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {t('detail.takers')}
        </Title>
        {reservationsHref && (
          <Button component={Link} to={reservationsHref} variant="subtle" size="compact-md">
            {t('detail.toReservations')}
          </Button>
        )}
      </Group>
      <Takers offer={offer} />
      <CommentSection subjectType="offer" subjectId={offer.id} />
    </Stack>
  );
}
