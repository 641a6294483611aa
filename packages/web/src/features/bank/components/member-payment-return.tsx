import { Button, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconInfoCircle,
  IconQuestionMark,
} from '@tabler/icons-react';
import type { PaymentReturn } from '@pluk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEuros } from '../../../lib/euros';
import { isUndecided, paymentReturnPolls, usePaymentReturn } from '../api/get-payment-return';
import { invalidatePaymentViews } from '../api/keys';
import { forgetPendingPayment, isPublicId } from '../pending-payment';
import { PaymentUnanswered } from './member-payment-page';

export interface PaymentReturnLinks {
  /** The payment page of the transaction, to look again or pay again. */
  payment: (publicId: string) => string;
}

/** One outcome: an icon, a title that is announced when it changes, a line of text, and what to do next. */
function Outcome({
  icon,
  color,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="md" py="md">
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <div role="status">
        <Title order={2} size="h3" className="pluk-wrap">
          {title}
        </Title>
        <Text mt="xs" className="pluk-wrap">
          {text}
        </Text>
      </div>
      {children}
    </Stack>
  );
}

function OutcomeOf({
  answer,
  polls,
  onCheckAgain,
  checking,
  links,
}: {
  answer: PaymentReturn;
  polls: number;
  onCheckAgain: () => void;
  checking: boolean;
  links: PaymentReturnLinks;
}) {
  const { t } = useTranslation('bank');
  const values = {
    farm: answer.farmName,
    amount: formatEuros(answer.amountCents),
    description: answer.description,
  };
  const paymentHref = links.payment(answer.publicId);
  const iconProps = { size: 36, 'aria-hidden': true } as const;
  switch (answer.status) {
    case 'paid':
      return (
        <Outcome
          icon={<IconCircleCheck {...iconProps} />}
          color="green"
          title={t('return.paidTitle')}
          text={t('return.paidText', values)}
        >
          <Button component={Link} to={paymentHref} variant="light">
            {t('return.toPayment')}
          </Button>
        </Outcome>
      );
    case 'open':
    case 'pending': {
      if (polls < paymentReturnPolls) {
        return (
          <Outcome
            icon={<IconClockHour4 {...iconProps} />}
            color="blue"
            title={t('return.pendingTitle')}
            text={t('return.pendingText')}
          >
            <Progress
              w="100%"
              maw="20rem"
              size="lg"
              striped
              animated
              value={Math.round((polls / paymentReturnPolls) * 100)}
              aria-label={t('return.pendingProgress')}
            />
          </Outcome>
        );
      }
      return (
        <Outcome
          icon={<IconClockHour4 {...iconProps} />}
          color="orange"
          title={t('return.stillPendingTitle')}
          text={t('return.stillPendingText')}
        >
          <Group justify="center">
            <Button onClick={onCheckAgain} loading={checking}>
              {t('return.checkAgain')}
            </Button>
            <Button component={Link} to={paymentHref} variant="light">
              {t('return.toPayment')}
            </Button>
          </Group>
        </Outcome>
      );
    }
    case 'failed':
    case 'expired':
    case 'canceled':
      return (
        <Outcome
          icon={<IconAlertTriangle {...iconProps} />}
          color="red"
          title={t(`return.${answer.status}Title`)}
          text={t(`return.${answer.status}Text`, values)}
        >
          <Button component={Link} to={paymentHref}>
            {t('return.tryAgain')}
          </Button>
        </Outcome>
      );
    case 'cancelled':
      return (
        <Outcome
          icon={<IconInfoCircle {...iconProps} />}
          color="gray"
          title={t('return.cancelledTitle')}
          text={t('return.cancelledText', values)}
        >
          <Button component={Link} to={paymentHref} variant="light">
            {t('return.toPayment')}
          </Button>
        </Outcome>
      );
  }
}

/** Back from Mollie without a payment we know of: no id in the URL and none kept in this tab. */
export function PaymentReturnUnknown() {
  const { t } = useTranslation('bank');
  return (
    <Outcome
      icon={<IconQuestionMark size={36} aria-hidden />}
      color="gray"
      title={t('return.unknownTitle')}
      text={t('return.unknownText')}
    />
  );
}

/**
 * `/paymentReturn/{publicId}`: the real state of the payment, asked of the server (which asks Mollie),
 * never read from the URL. Paid: thanks. Undecided: asks again every 2 s for about 30 s with a visible
 * progress bar, then offers to look again. Failed, expired or broken off: a way back to pay again.
 */
export function PaymentReturnView({ publicId, links }: { publicId: string; links: PaymentReturnLinks }) {
  const queryClient = useQueryClient();
  const valid = isPublicId(publicId);
  const { query, polls } = usePaymentReturn(publicId, valid);
  const status = query.data?.status;
  const settled = status !== undefined && !isUndecided(status);
  useEffect(() => {
    if (!settled) return;
    // Decided: this tab's pending payment is done with, and my list and the payment page ask again.
    if (status === 'paid' || status === 'cancelled') forgetPendingPayment();
    void invalidatePaymentViews(queryClient);
  }, [settled, status, queryClient]);

  if (!valid || !query.isSuccess) return <PaymentUnanswered valid={valid} query={query} />;
  return (
    <OutcomeOf
      answer={query.data}
      polls={polls}
      onCheckAgain={() => void query.refetch()}
      checking={query.isFetching}
      links={links}
    />
  );
}
