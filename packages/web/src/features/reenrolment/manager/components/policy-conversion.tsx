import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCheck, IconClockHour4, IconReceipt } from '@tabler/icons-react';
import { conversionBodySchema, type Conversion, type Policy } from '@pluk/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SummaryFigure } from '../../../../components/summary-figure';
import { SavingProgress } from '../../../../components/upload-parts';
import { formatCalendarDay, formatMoment } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { useErrorText } from '../../../../lib/form';
import { useConvertPolicy } from '../api/convert-policy';
import { useConversionPreview } from '../api/get-conversion-preview';

export interface ConversionLinks {
  bank: string;
  bankEmails: string;
  subscription: (id: number) => string;
}

/** Dates as the picker keeps them and the contract reads them. */
const dayFormat = 'YYYY-MM-DD';
/** The due date proposed: a month to pay, as the bank's yearly run does. */
const defaultDueDays = 30;

/** What a conversion makes (or, in the preview, would make): the counts, the money and per offer. */
function ConversionFigures({ conversion }: { conversion: Conversion }) {
  const { t } = useTranslation('reenrolmentManager');
  return (
    <Stack gap="sm">
      <Group gap="xs" align="stretch">
        <SummaryFigure compact label={t('conversion.households')} value={conversion.households} />
        <SummaryFigure
          compact
          label={t('conversion.subscriptionsCreated')}
          value={conversion.subscriptionsCreated}
        />
        <SummaryFigure compact label={t('conversion.memberships')} value={conversion.membershipsCreated} />
        <SummaryFigure compact label={t('conversion.transactions')} value={conversion.transactionsCreated} />
        <SummaryFigure compact label={t('conversion.emails')} value={conversion.paymentEmailsWaiting} />
        <SummaryFigure compact label={t('conversion.total')} value={formatEuros(conversion.totalCents)} />
      </Group>
      {conversion.offers.length > 0 && (
        <div>
          <Text fw={500} id="conversion-per-offer">
            {t('conversion.perOffer')}
          </Text>
          {/* A row per offer rather than a table: it reflows on a phone at large text. */}
          <Stack
            component="ul"
            gap={4}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="conversion-per-offer"
          >
            {conversion.offers.map((offer) => (
              <Group component="li" key={offer.offerId} justify="space-between" gap="xs">
                <Text className="pluk-wrap" style={{ flex: '1 1 8rem', minWidth: 0 }}>
                  {offer.name}
                </Text>
                <Text>
                  {t('conversion.offerLine', {
                    count: offer.households,
                    amount: formatEuros(offer.totalCents),
                  })}
                </Text>
              </Group>
            ))}
          </Stack>
        </div>
      )}
    </Stack>
  );
}

/** After the deadline: the preview, the due date, and "Verwerken" after a confirmation. */
function ConversionRun({
  policy,
  convert,
}: {
  policy: Policy;
  convert: ReturnType<typeof useConvertPolicy>;
}) {
  const { t } = useTranslation(['reenrolmentManager', 'common']);
  const errorText = useErrorText();
  const preview = useConversionPreview(policy.id);
  const [dueDate, setDueDate] = useState<string | null>(() =>
    dayjs().add(defaultDueDays, 'day').format(dayFormat),
  );
  const [dueDateError, setDueDateError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  if (preview.isPending) return <LoadingState />;
  if (preview.isError) return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  const data = preview.data;

  const ask = () => {
    const check = conversionBodySchema.safeParse({ policyId: policy.id, dueDate: dueDate ?? undefined });
    if (!check.success) {
      setDueDateError(
        check.error.issues.find((issue) => issue.path[0] === 'dueDate')?.message ??
          check.error.issues[0]?.message ??
          null,
      );
      return;
    }
    setDueDateError(null);
    convert.reset();
    setAsking(true);
  };
  const run = () => {
    if (!dueDate) return;
    setAsking(false);
    convert.mutate({ policyId: policy.id, dueDate });
  };

  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <Stack gap="md">
        <Text>{t('conversion.intro', { year: policy.harvestYear })}</Text>
        <Title order={3} size="h5">
          {t('conversion.previewTitle')}
        </Title>
        <ConversionFigures conversion={data} />
        {data.households === 0 && <Text c="dimmed">{t('conversion.nobody')}</Text>}
        <DatePickerInput
          label={t('conversion.dueDate')}
          description={t('conversion.dueDateHelp')}
          required
          minDate={dayjs().format(dayFormat)}
          valueFormat="dd D MMMM YYYY"
          dropdownType="modal"
          nextLabel={t('calendar.nextMonth')}
          previousLabel={t('calendar.previousMonth')}
          value={dueDate}
          error={dueDateError}
          onChange={(value) => {
            setDueDate(value);
            setDueDateError(null);
          }}
          style={{ maxWidth: '20rem' }}
        />
        {convert.isError && <FormError>{errorText(convert.error)}</FormError>}
        <SavingProgress pending={convert.isPending} label={t('conversion.running')} />
        <Group>
          <Button
            size="md"
            leftSection={<IconReceipt size={18} aria-hidden />}
            loading={convert.isPending}
            onClick={ask}
          >
            {t('conversion.convert')}
          </Button>
        </Group>
        <ConfirmDialog
          opened={asking}
          onClose={() => setAsking(false)}
          title={t('conversion.confirmTitle')}
          text={t('conversion.confirmText', {
            count: data.transactionsCreated,
            year: policy.harvestYear,
            amount: formatEuros(data.totalCents),
            date: dueDate ? formatCalendarDay(dueDate) : '',
          })}
          confirmLabel={t('conversion.convert')}
          pending={convert.isPending}
          error={null}
          onConfirm={run}
        />
      </Stack>
    </DatesProvider>
  );
}

/** A converted round: when, what this visit's conversion made, next year's subscriptions and the bank. */
function Converted({
  policy,
  result,
  links,
}: {
  policy: Policy;
  result: Conversion | undefined;
  links: ConversionLinks;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const linked = policy.offers.flatMap((offer) =>
    offer.subscriptionId === null ? [] : [{ ...offer, subscriptionId: offer.subscriptionId }],
  );
  return (
    <Stack gap="sm">
      {result && (
        <Alert color="brand" icon={<IconCheck aria-hidden />} role="status" title={t('conversion.doneTitle')}>
          {t('conversion.done', {
            count: result.transactionsCreated,
            amount: formatEuros(result.totalCents),
            emails: result.paymentEmailsWaiting,
          })}
        </Alert>
      )}
      {policy.convertedAt && (
        <Text fw={600}>{t('conversion.convertedOn', { date: formatMoment(policy.convertedAt) })}</Text>
      )}
      <Text>{t('conversion.convertedText', { year: policy.harvestYear })}</Text>
      {result && <ConversionFigures conversion={result} />}
      {linked.length > 0 && (
        <div>
          <Text fw={500} id="conversion-subscriptions">
            {t('conversion.subscriptionsTitle', { year: policy.harvestYear })}
          </Text>
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="conversion-subscriptions"
          >
            {linked.map((offer) => (
              <li key={offer.id}>
                <Anchor
                  component={Link}
                  to={links.subscription(offer.subscriptionId)}
                  className="pluk-touch-link"
                >
                  {offer.name}
                </Anchor>
              </li>
            ))}
          </Stack>
        </div>
      )}
      <Group gap="sm">
        <Button component={Link} to={links.bank} variant="light">
          {t('conversion.toBank')}
        </Button>
        <Button component={Link} to={links.bankEmails} variant="light">
          {t('conversion.toEmails')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Verwerken": before the deadline why it cannot be done yet; after it the preview and the conversion;
 * once converted, when and what it made, with the way to the bank.
 */
export function PolicyConversion({ policy, links }: { policy: Policy; links: ConversionLinks }) {
  const { t } = useTranslation('reenrolmentManager');
  // Here, not in the run: its answer stays shown once the round reads as converted.
  const convert = useConvertPolicy();
  const result = convert.data?.policyId === policy.id ? convert.data : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="policy-conversion">
      <Title order={2} size="h4" id="policy-conversion">
        {t('conversion.title')}
      </Title>
      {policy.convertedAt !== null || result ? (
        <Converted policy={policy} result={result} links={links} />
      ) : !policy.isEnded ? (
        <Alert color="blue" icon={<IconClockHour4 aria-hidden />} role="note">
          {t('conversion.notYet', { date: formatCalendarDay(policy.deadline) })}
        </Alert>
      ) : (
        <ConversionRun policy={policy} convert={convert} />
      )}
    </Stack>
  );
}
