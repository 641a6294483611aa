import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconReceipt } from '@tabler/icons-react';
import { yearlyTransactionsBodySchema, type YearlyTransactionsPreview } from '@pluk/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState } from '../../../../components/empty-state';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SummaryFigure } from '../../../../components/summary-figure';
import { SavingProgress } from '../../../../components/upload-parts';
import { formatCalendarDay } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { useErrorText } from '../../../../lib/form';
import { useCreateYearlyTransactions, useYearlyPreview } from '../api/yearly-transactions';
import { HarvestYearSelect } from './harvest-year-select';

/** Dates as the picker keeps them and the contract reads them. */
const dayFormat = 'YYYY-MM-DD';
/** The due date a run proposes: a month to pay. */
const defaultDueDays = 30;

/** What a run would make: the overall count and sum, then per subscription. */
function PreviewFigures({ preview }: { preview: YearlyTransactionsPreview }) {
  const { t } = useTranslation('bankAdmin');
  return (
    <Stack gap="sm">
      <Group gap="xs" align="stretch">
        <SummaryFigure label={t('yearly.toMake')} value={String(preview.count)} />
        <SummaryFigure label={t('yearly.total')} value={formatEuros(preview.totalCents)} />
      </Group>
      {preview.subscriptions.length > 0 && (
        <div>
          <Text fw={500} id="yearly-per-subscription">
            {t('yearly.perSubscription', { year: preview.harvestYear })}
          </Text>
          {/* A row per subscription rather than a table: it reflows on a phone at large text. */}
          <Stack
            component="ul"
            gap={4}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="yearly-per-subscription"
          >
            {preview.subscriptions.map((subscription) => (
              <Group component="li" key={subscription.subscriptionId} justify="space-between" gap="xs">
                <Text className="pluk-wrap" style={{ flex: '1 1 8rem', minWidth: 0 }}>
                  {subscription.name}
                </Text>
                <Text>
                  {t('yearly.subscriptionLine', {
                    count: subscription.count,
                    amount: formatEuros(subscription.totalCents),
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

/**
 * The year's run for one harvest year: the preview, the due date, and "Maak N transacties" after a
 * confirmation. Running it again makes nothing twice (the server skips subscriptions that have one), and
 * the preview, asked again afterwards, says so.
 */
function YearRun({ harvestYear }: { harvestYear: number }) {
  const { t } = useTranslation(['bankAdmin', 'common']);
  const errorText = useErrorText();
  const preview = useYearlyPreview(harvestYear);
  const create = useCreateYearlyTransactions();
  const [dueDate, setDueDate] = useState<string | null>(() =>
    dayjs().add(defaultDueDays, 'day').format(dayFormat),
  );
  const [dueDateError, setDueDateError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  if (preview.isPending) return <LoadingState />;
  if (preview.isError) return <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  const data = preview.data;
  const result = create.data?.harvestYear === harvestYear ? create.data : undefined;

  const ask = () => {
    const check = yearlyTransactionsBodySchema.safeParse({ harvestYear, dueDate: dueDate ?? undefined });
    if (!check.success) {
      setDueDateError(
        check.error.issues.find((issue) => issue.path[0] === 'dueDate')?.message ??
          check.error.issues[0]?.message ??
          null,
      );
      return;
    }
    setDueDateError(null);
    create.reset();
    setAsking(true);
  };
  const run = () => {
    if (!dueDate) return;
    setAsking(false);
    create.mutate(
      { harvestYear, dueDate },
      {
        onSuccess: (made) =>
          notifications.show({
            color: 'brand',
            icon: <IconCheck size={18} aria-hidden />,
            message: t('yearly.done', { count: made.created, amount: formatEuros(made.totalCents) }),
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      {result && (
        <Alert color="brand" icon={<IconCheck aria-hidden />} role="status" title={t('yearly.doneTitle')}>
          {t('yearly.done', { count: result.created, amount: formatEuros(result.totalCents) })}
        </Alert>
      )}
      <PreviewFigures preview={data} />
      {data.count === 0 ? (
        <EmptyState
          icon={IconReceipt}
          title={t('yearly.nothingTitle')}
          text={t('yearly.nothingText', { year: harvestYear })}
        />
      ) : (
        <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
          <Stack gap="md">
            <DatePickerInput
              label={t('yearly.dueDate')}
              description={t('yearly.dueDateHelp')}
              required
              minDate={dayjs().format(dayFormat)}
              valueFormat="dd D MMMM YYYY"
              dropdownType="modal"
              value={dueDate}
              error={dueDateError}
              onChange={(value) => {
                setDueDate(value);
                setDueDateError(null);
              }}
            />
            {create.isError && <FormError>{errorText(create.error)}</FormError>}
            <SavingProgress pending={create.isPending} label={t('yearly.running')} />
            <Group>
              <Button
                size="md"
                leftSection={<IconReceipt size={18} aria-hidden />}
                loading={create.isPending}
                onClick={ask}
              >
                {t('yearly.make', { count: data.count })}
              </Button>
            </Group>
          </Stack>
        </DatesProvider>
      )}
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('yearly.confirmTitle')}
        text={t('yearly.confirmText', {
          count: data.count,
          year: harvestYear,
          amount: formatEuros(data.totalCents),
          date: dueDate ? formatCalendarDay(dueDate) : '',
        })}
        confirmLabel={t('yearly.make', { count: data.count })}
        pending={create.isPending}
        error={null}
        onConfirm={run}
      />
    </Stack>
  );
}

/**
 * `/applicationManager/administration-actions/create-yearly-transactions`: a transaction for every
 * subscription of a harvest year that has none. The year starts at next year when it has subscriptions
 * already (the run is made before the season), else this year.
 */
export function YearlyTransactions({ currentHarvestYear }: { currentHarvestYear: number }) {
  const { t } = useTranslation('bankAdmin');
  const nextYear = currentHarvestYear + 1;
  const next = useYearlyPreview(nextYear);
  const [chosen, setChosen] = useState<number | null>(null);
  if (chosen === null && next.isPending) return <LoadingState />;
  const harvestYear =
    chosen ?? (next.data && next.data.subscriptions.length > 0 ? nextYear : currentHarvestYear);
  return (
    <Stack gap="lg">
      <Text>{t('yearly.intro')}</Text>
      <HarvestYearSelect currentHarvestYear={currentHarvestYear} value={harvestYear} onChange={setChosen} />
      <section aria-labelledby="yearly-preview">
        <Title order={2} size="h3" id="yearly-preview" mb="xs">
          {t('yearly.previewTitle', { year: harvestYear })}
        </Title>
        <YearRun key={harvestYear} harvestYear={harvestYear} />
      </section>
    </Stack>
  );
}
