import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconLinkOff } from '@tabler/icons-react';
import {
  epcQrPayload,
  formatIban,
  formatStructuredReference,
  normalizeIban,
  type Payee,
  type PublicTransaction,
} from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { formatEuros } from '../../../lib/euros';
import { usePublicTransaction } from '../api/get-public-transaction';
import { isPublicId } from '../pending-payment';
import { isOverdue } from '../transaction-dates';
import { CopyValue, PlainValue } from './copy-value';
import { QrSection } from './member-qr-section';
import { PayOnline } from './member-pay-online';
import { TransactionStatusBadges, useWhenText } from './member-transaction-status';

/** "Deze betaallink bestaat niet (meer)": an unknown, mistyped or deleted link. */
export function PaymentNotFound() {
  const { t } = useTranslation('bank');
  return (
    <EmptyState
      icon={IconLinkOff}
      color="gray"
      title={t('payment.notFoundTitle')}
      text={t('payment.notFoundText')}
    />
  );
}

/**
 * A payment screen until the server has answered: "not found" for a link that cannot be one or that the
 * server does not know (404, or 400 for a malformed id), loading, or the error with a retry.
 */
export function PaymentUnanswered({
  valid,
  query,
}: {
  /** Whether the link's id can be a public id at all (nothing is asked otherwise). */
  valid: boolean;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
}) {
  if (!valid) return <PaymentNotFound />;
  if (query.isPending) return <LoadingState />;
  if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
    return <PaymentNotFound />;
  }
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}

/** What is to be paid: to whom, what for, how much, and its state. */
function Summary({ transaction }: { transaction: PublicTransaction }) {
  const { t } = useTranslation('bank');
  const whenText = useWhenText();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {t('payment.forFarm', { farm: transaction.farmName })}
        </Text>
        <Title order={2} size="h3" className="pluk-wrap">
          {transaction.description}
        </Title>
        <Text fz="1.75rem" fw={700} lh={1.2}>
          {formatEuros(transaction.amountCents)}
        </Text>
        <Group gap="xs">
          <TransactionStatusBadges transaction={transaction} />
          {/* Paid and cancelled say when and what below, in their own words. */}
          {transaction.status === 'open' && (
            <Text size="sm" c={isOverdue(transaction) ? undefined : 'dimmed'} className="pluk-wrap">
              {whenText(transaction)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The EPC QR code's text, or null when the farm's account or the amount cannot go into one (an IBAN that
 * fails its check, a BIC of the wrong shape): the page then shows the transfer details without a code.
 */
function qrPayloadOf(payee: Payee, transaction: PublicTransaction): string | null {
  try {
    return epcQrPayload({
      name: payee.name,
      iban: payee.iban,
      bic: payee.bic ?? undefined,
      amountCents: transaction.amountCents,
      structuredReference: transaction.structuredReference,
    });
  } catch {
    return null;
  }
}

/**
 * The ways to pay an open transaction, as a phone needs them (decision 090): online first (where
 * the farm has Mollie), then the transfer with copy buttons for the IBAN and the reference, then the QR
 * code for a banking app on another device (behind its button on a phone, shown on a laptop).
 */
function PayOptions({ transaction }: { transaction: PublicTransaction }) {
  const { t } = useTranslation('bank');
  const reference = formatStructuredReference(transaction.structuredReference);
  const { payee } = transaction;
  const qrPayload = payee ? qrPayloadOf(payee, transaction) : null;
  return (
    <Stack gap="xl">
      {isOverdue(transaction) && (
        <Alert color="red" icon={<IconInfoCircle aria-hidden />}>
          {t('payment.overdueText')}
        </Alert>
      )}
      {transaction.canPayOnline && <PayOnline publicId={transaction.publicId} headingId="payment-online" />}
      {!payee && (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title={t('payment.noPayeeTitle')}>
          {t('payment.noPayeeText')}
        </Alert>
      )}
      <Section id="payment-transfer" title={t('payment.transferTitle')}>
        <Text size="sm">{t('payment.transferText')}</Text>
        <Stack component="dl" gap="sm" m={0}>
          {payee && (
            <>
              <PlainValue label={t('payment.accountName')} value={payee.name} />
              <CopyValue
                label={t('payment.iban')}
                value={formatIban(payee.iban)}
                copyText={normalizeIban(payee.iban)}
              />
              {payee.bic && <PlainValue label={t('payment.bic')} value={payee.bic} />}
            </>
          )}
          <PlainValue label={t('payment.amount')} value={formatEuros(transaction.amountCents)} />
          <CopyValue label={t('payment.reference')} value={reference} />
        </Stack>
      </Section>
      {qrPayload && <QrSection payload={qrPayload} />}
    </Stack>
  );
}

/**
 * `/account/membership/{publicId}`, no login: one transaction from the e-mail link. Open: pay online
 * (when the farm can take it), scan the EPC QR code, or transfer with the structured reference. Paid:
 * when. Cancelled: nothing to pay. An unknown link: a friendly "does not exist (any more)".
 */
export function PaymentPage({ publicId }: { publicId: string }) {
  const { t } = useTranslation('bank');
  const valid = isPublicId(publicId);
  const query = usePublicTransaction(publicId, valid);
  if (!valid || !query.isSuccess) return <PaymentUnanswered valid={valid} query={query} />;
  const transaction = query.data;
  return (
    <Stack gap="lg">
      <Summary transaction={transaction} />
      {transaction.status === 'paid' && (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          title={t('payment.paidTitle', {
            date: formatDate(transaction.paidAt ?? transaction.createdAt),
          })}
        >
          {t('payment.paidText')}
        </Alert>
      )}
      {transaction.status === 'cancelled' && (
        <Alert color="gray" icon={<IconInfoCircle aria-hidden />} title={t('payment.cancelledTitle')}>
          {t('payment.cancelledText')}
        </Alert>
      )}
      {transaction.status === 'open' && <PayOptions transaction={transaction} />}
    </Stack>
  );
}
