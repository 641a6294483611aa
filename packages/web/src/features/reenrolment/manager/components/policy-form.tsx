import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCopy, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { policyInputSchema, reenrolmentLimits, type Policy, type PolicyInput } from '@pluk/contract';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form-error';
import { RichTextField } from '../../../../components/rich-text-field';
import { SavingProgress } from '../../../../components/upload-parts';
import { isApiError } from '../../../../lib/errors';
import { fieldErrors, useErrorText, useFocusError } from '../../../../lib/form';
import { useCreatePolicy } from '../api/create-policy';
import { useUpdatePolicy } from '../api/update-policy';
import { OfferFields } from './offer-fields';
import { emptyOfferRow, withCopiedOffers, type OfferSource } from './offer-rows';
import {
  policyFormInput,
  policyFormValues,
  validatePolicyForm,
  type PolicyFormValues,
} from './policy-form-values';

/** Where "Abonnementen van 2030 overnemen" takes its offers: the route passes the subscription feature's list. */
export interface OfferCopySource {
  harvestYear: number;
  load: () => Promise<OfferSource[]>;
}

/** The harvest years a round can be for: the ones after the current year (and the round's own). */
function yearChoices(currentHarvestYear: number, policy: Policy | undefined): number[] {
  const years = [currentHarvestYear + 1, currentHarvestYear + 2];
  if (policy && !years.includes(policy.harvestYear)) years.unshift(policy.harvestYear);
  return years;
}

/** "Abonnementen van 2030 overnemen": this year's active subscriptions as offers, with what happened. */
function CopyOffers({
  source,
  onCopy,
}: {
  source: OfferCopySource;
  onCopy: (sources: OfferSource[]) => string;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const errorText = useErrorText();
  const helpId = useId();
  const copy = useMutation({ mutationFn: source.load });
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Group>
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden />}
          loading={copy.isPending}
          aria-describedby={helpId}
          onClick={() => {
            setOutcome(null);
            copy.mutate(undefined, { onSuccess: (sources) => setOutcome(onCopy(sources)) });
          }}
        >
          {t('form.copy', { year: source.harvestYear })}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" id={helpId}>
        {t('form.copyHelp')}
      </Text>
      <div aria-live="polite">
        {outcome && <Text size="sm">{outcome}</Text>}
        {copy.isError && (
          <Text size="sm" c="red">
            {errorText(copy.error)}
          </Text>
        )}
      </div>
    </Stack>
  );
}

/**
 * A re-enrolment round: harvest year, title, the explanation members read (rich text), the deadline and
 * the offers with their prices in euros (sent in cents). The contract's rules give the Dutch messages
 * per field; the server's refusals (a year that has a round, an offer members chose, a converted round)
 * show at the field they concern or above the form.
 */
export function PolicyForm({
  policy,
  currentHarvestYear,
  copySource,
  onSaved,
}: {
  /** The round to change; a new one when absent. */
  policy?: Policy;
  currentHarvestYear: number;
  copySource?: OfferCopySource;
  onSaved: (saved: Policy) => void;
}) {
  const { t } = useTranslation(['reenrolmentManager', 'common']);
  const errorText = useErrorText();
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const mutation = policy ? update : create;
  const { ref, focusError } = useFocusError();
  const offersTitleId = useId();
  const form = useForm<PolicyFormValues>({
    mode: 'controlled',
    initialValues: policyFormValues(policy, currentHarvestYear + 1),
    validate: (values) => validatePolicyForm(values, t('form.priceInvalid')),
  });
  const offers = form.values.offers;

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const input = policyInputSchema.parse(policyFormInput(values)) as PolicyInput;
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        const fields = fieldErrors(error);
        // One round per harvest year: the year is what to change.
        if (isApiError(error) && error.code === 'POLICY_YEAR_TAKEN' && !fields.harvestYear)
          fields.harvestYear = errorText(error);
        form.setErrors(fields);
        focusError();
      },
    };
    if (policy) update.mutate({ id: policy.id, input }, options);
    else create.mutate(input, options);
  }, focusError);

  const copyIn = (sources: OfferSource[]): string => {
    const year = copySource?.harvestYear;
    if (sources.length === 0) return t('form.copyEmpty', { year });
    const result = withCopiedOffers(offers, sources);
    form.setFieldValue('offers', result.rows);
    form.clearFieldError('offers');
    const said =
      result.added === 0 ? t('form.copiedNone', { year }) : t('form.copied', { count: result.added, year });
    return result.cut ? `${said} ${t('form.copyTooMany', { max: reenrolmentLimits.offersMax })}` : said;
  };

  const serverError = mutation.isError ? mutation.error : null;
  const onField =
    serverError !== null &&
    (Object.keys(fieldErrors(serverError)).length > 0 ||
      (isApiError(serverError) && serverError.code === 'POLICY_YEAR_TAKEN'));
  const answered = policy !== undefined && policy.counts.submitted > 0;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError !== null && !onField && <FormError>{errorText(serverError)}</FormError>}
          {answered && (
            <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
              {t('form.answeredNotice')}
            </Alert>
          )}
          <NativeSelect
            label={t('form.harvestYear')}
            description={t('form.harvestYearHelp')}
            required
            data={yearChoices(currentHarvestYear, policy).map((year) => ({
              value: String(year),
              label:
                year === currentHarvestYear + 1
                  ? t('form.harvestYearNext', { year })
                  : t('form.harvestYearLater', { year }),
            }))}
            {...form.getInputProps('harvestYear')}
            style={{ maxWidth: '20rem' }}
          />
          <TextInput
            label={t('form.title')}
            required
            maxLength={reenrolmentLimits.titleMax}
            {...form.getInputProps('title')}
          />
          <RichTextField
            label={t('form.explanation')}
            description={t('form.explanationHelp')}
            initialValue={form.values.explanation}
            onChange={(html) => form.setFieldValue('explanation', html)}
            error={form.errors.explanation as string | undefined}
            minHeight={140}
          />
          <DatePickerInput
            label={t('form.deadline')}
            description={t('form.deadlineHelp')}
            required
            minDate={dayjs().format('YYYY-MM-DD')}
            valueFormat="dd D MMMM YYYY"
            dropdownType="modal"
            nextLabel={t('calendar.nextMonth')}
            previousLabel={t('calendar.previousMonth')}
            {...form.getInputProps('deadline')}
            style={{ maxWidth: '20rem' }}
          />
          <Stack gap="sm" component="section" aria-labelledby={offersTitleId}>
            <Title order={2} size="h4" id={offersTitleId}>
              {t('form.offersTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('form.offersHelp')}
            </Text>
            {copySource && <CopyOffers source={copySource} onCopy={copyIn} />}
            {offers.map((offer, index) => (
              <OfferFields
                key={offer.key}
                form={form}
                index={index}
                onRemove={() => form.removeListItem('offers', index)}
              />
            ))}
            {form.errors.offers && (
              // Focusable and marked, so a refused submit moves the focus here when no field is invalid.
              <Text c="red" size="sm" role="alert" tabIndex={-1} data-form-error>
                {form.errors.offers}
              </Text>
            )}
            {offers.length < reenrolmentLimits.offersMax && (
              <Group>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={18} aria-hidden />}
                  onClick={() => {
                    form.insertListItem('offers', emptyOfferRow());
                    form.clearFieldError('offers');
                  }}
                >
                  {t('form.add')}
                </Button>
              </Group>
            )}
          </Stack>
          <SavingProgress pending={mutation.isPending} label={t('form.saving')} />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {policy ? t('form.save') : t('form.create')}
          </Button>
        </Stack>
      </form>
    </DatesProvider>
  );
}
