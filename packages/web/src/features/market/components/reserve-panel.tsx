import { Alert, Anchor, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconBasket, IconCheck } from '@tabler/icons-react';
import type { OfferDetail } from '@pluk/contract';
import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { isApiError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/form';
import { useAccount } from '../../user/api/get-account';
import { formatPrice } from '../../../lib/virtual-money';
import { useLastReservation } from '../api/get-offer';
import { useDismissLastReservation, useReserve } from '../api/reserve';
import { formatQuantity, offerBlockedReason } from './offer-format';

/** Errors that are about my wallet: the answer links to it. */
const walletCodes = new Set(['NOT_TRANSACTIONABLE', 'INSUFFICIENT_FUNDS']);

/**
 * Pick a quantity and take it (free) or buy it (priced). Disabled with the reason when the offer is
 * closed, ended or sold out; the server's Dutch refusal otherwise. The take/buy is a React 19 action
 * (decision 088): the field empties and `onReserving` shows what is left at once (`useOptimistic` in the
 * screen); a refusal puts both back.
 */
export function ReservePanel({
  offer,
  onReserving,
}: {
  offer: OfferDetail;
  /** Shows this quantity gone from the offer before the server answers; called inside the action. */
  onReserving?: (quantity: number) => void;
}) {
  const { t } = useTranslation('market');
  const errorText = useErrorText();
  const reserve = useReserve(offer.id);
  const reasonId = useId();
  const reason = offerBlockedReason(offer);
  const max = Math.max(offer.quantityLeft, 1);
  const [quantity, setQuantity] = useState<number | string>(1);
  const amount = typeof quantity === 'number' ? quantity : Number(quantity);
  const valid = Number.isInteger(amount) && amount >= 1 && amount <= offer.quantityLeft;
  const total = valid ? amount * offer.priceCents : 0;
  const label = offer.isFree
    ? t('detail.take')
    : valid
      ? t('detail.buy', { price: formatPrice(total) })
      : t('detail.buyChoose');
  const account = useAccount();
  // A hint only: the server decides (the member may just have switched it on in the wallet).
  const notTransactionable = !offer.isFree && reason === null && account.data?.isTransactionable === false;
  const walletError = reserve.isError && isApiError(reserve.error) && walletCodes.has(reserve.error.code);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <NumberInput
          label={t('detail.quantity')}
          description={
            reason
              ? undefined
              : t('detail.quantityHelp', { count: formatQuantity(offer.quantityLeft, offer.unit) })
          }
          value={quantity}
          onChange={setQuantity}
          min={1}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          inputMode="numeric"
          disabled={reason !== null}
          rightSection={offer.unit ? <Text size="sm">{offer.unit}</Text> : undefined}
          rightSectionWidth={offer.unit ? 60 : undefined}
        />
        {!offer.isFree && valid && reason === null && (
          <Text size="sm" c="dimmed">
            {t('detail.total', { total: formatPrice(total) })}
          </Text>
        )}
        <Button
          size="md"
          fullWidth
          leftSection={<IconBasket size={20} aria-hidden />}
          disabled={reason !== null || !valid}
          aria-describedby={reason ? reasonId : undefined}
          loading={reserve.isPending}
          // Decision 091: done, the field empties, so a second tap cannot buy the same again unasked;
          // the confirmation above says what was reserved. It empties at once and gets the quantity
          // back when the server refuses (decision 088).
          onClick={() => {
            if (reserve.isPending) return;
            const wanted = amount;
            setQuantity('');
            startTransition(async () => {
              onReserving?.(wanted);
              if (!(await reserve.reserve(offer, wanted))) setQuantity(wanted);
            });
          }}
        >
          {label}
        </Button>
        {reason && (
          <Text id={reasonId} size="sm" c="dimmed">
            {t(`detail.${reason}`)}
          </Text>
        )}
        {notTransactionable && !reserve.isError && (
          <Text size="sm">
            {t('detail.notTransactionable')}{' '}
            <Anchor component={Link} to={paths.wallet.getHref()} fw={600}>
              {t('detail.toWallet')}
            </Anchor>
          </Text>
        )}
        {reserve.isError && (
          <Alert color="red" role="alert">
            <Stack gap={4}>
              <span>{errorText(reserve.error)}</span>
              {walletError && (
                <Anchor component={Link} to={paths.wallet.getHref()} c="red.9" fw={600}>
                  {t('detail.toWallet')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The confirmation of my last take/buy of this offer, kept in the cache until I close it. */
export function LastReservationPanel({ offer }: { offer: OfferDetail }) {
  const { t } = useTranslation(['market', 'common']);
  const { data } = useLastReservation(offer.id);
  const dismiss = useDismissLastReservation(offer.id);
  const panel = useRef<HTMLDivElement>(null);
  const reservationId = data?.reservation.id;
  // On a phone the button sits below the fold of the confirmation: bring what was reserved in sight.
  useEffect(() => {
    if (reservationId !== undefined)
      panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [reservationId]);
  if (!data) return null;
  const { reservation } = data;
  const owner = data.offer.owner.firstName;
  const quantity = formatQuantity(reservation.quantity, data.offer.unit);
  return (
    <Alert
      ref={panel}
      color="green"
      icon={<IconCheck aria-hidden />}
      title={t('detail.reservedTitle')}
      role="status"
      withCloseButton
      closeButtonLabel={t('detail.dismiss')}
      onClose={dismiss}
    >
      <Stack gap="xs">
        <Text size="sm">
          {reservation.totalCents === 0
            ? t('detail.reservedFreeText', { quantity, owner })
            : t('detail.reservedText', { quantity, total: formatPrice(reservation.totalCents), owner })}
        </Text>
        {reservation.totalCents > 0 && <Text size="sm">{t('detail.reservedPaidLater', { owner })}</Text>}
        <Group>
          <Anchor component={Link} to={paths.account.market.getHref()} fw={600} className="pluk-touch-link">
            {t('detail.toOrders')}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
