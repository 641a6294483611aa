import { Button, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  subscriptionInputSchema,
  subscriptionLimits,
  type ManagedSubscription,
  type SubscriptionInput,
} from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { euroInputText, parseEuros } from '../../../lib/euros';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateSubscription, useUpdateSubscription } from '../api/manager-subscriptions';

interface Values {
  name: string;
  description: string;
  harvestYear: number | string;
  /** Euros as typed ("62,50"); the API takes cents. */
  adultPriceCents: string;
  childPriceCents: string;
  requiredCredits: number | string;
  isActive: boolean;
  isOpenForRegistration: boolean;
}

const number = (value: number | string) => (value === '' ? undefined : Number(value));
const cents = (text: string) => (text.trim() === '' ? undefined : (parseEuros(text) ?? Number.NaN));

function toInput(values: Values): Record<string, unknown> {
  return {
    name: values.name,
    description: values.description,
    harvestYear: number(values.harvestYear),
    adultPriceCents: cents(values.adultPriceCents),
    childPriceCents: cents(values.childPriceCents),
    requiredCredits: number(values.requiredCredits),
    isActive: values.isActive,
    isOpenForRegistration: values.isOpenForRegistration,
  };
}

function initialValues(subscription: ManagedSubscription | undefined, harvestYear: number): Values {
  if (subscription) {
    return {
      name: subscription.name,
      description: subscription.description,
      harvestYear: subscription.harvestYear,
      adultPriceCents: euroInputText(subscription.adultPriceCents),
      childPriceCents: euroInputText(subscription.childPriceCents),
      requiredCredits: subscription.requiredCredits,
      isActive: subscription.isActive,
      isOpenForRegistration: subscription.isOpenForRegistration,
    };
  }
  return {
    name: '',
    description: '',
    harvestYear,
    adultPriceCents: '',
    childPriceCents: '',
    requiredCredits: 0,
    isActive: true,
    isOpenForRegistration: false,
  };
}

/** Create or change a subscription; the contract's rules give the Dutch messages per field. */
export function SubscriptionForm({
  subscription,
  harvestYear,
  onSaved,
}: {
  subscription?: ManagedSubscription;
  /** The harvest year of a new subscription. */
  harvestYear: number;
  onSaved: (saved: ManagedSubscription) => void;
}) {
  const { t } = useTranslation('subscription');
  const errorText = useErrorText();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const mutation = subscription ? update : create;
  const { ref, focusError } = useFocusError();
  const schemaRules = zodValidate<Values>(subscriptionInputSchema, toInput);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(subscription, harvestYear),
    // An amount that is not one ("twaalf") gets its own message, not the schema's "vul … in".
    validate: (values) => {
      const errors = schemaRules(values);
      for (const key of ['adultPriceCents', 'childPriceCents'] as const) {
        if (values[key].trim() !== '' && parseEuros(values[key]) === null)
          errors[key] = t('form.priceInvalid');
      }
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const input = subscriptionInputSchema.parse(toInput(values)) as SubscriptionInput;
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    };
    if (subscription) update.mutate({ ...input, id: subscription.id }, options);
    else create.mutate(input, options);
  }, focusError);

  const serverFields = Object.keys(fieldErrors(mutation.error)).length > 0;
  const whole = {
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
    inputMode: 'numeric',
  } as const;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.isError && !serverFields && <FormError>{errorText(mutation.error)}</FormError>}
        <TextInput
          label={t('form.name')}
          required
          maxLength={subscriptionLimits.nameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={3}
          maxLength={subscriptionLimits.descriptionMax}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label={t('form.harvestYear')}
          description={t('form.harvestYearHelp')}
          required
          {...whole}
          key={form.key('harvestYear')}
          {...form.getInputProps('harvestYear')}
        />
        <TextInput
          label={t('form.adultPrice')}
          description={t('form.priceHelp')}
          required
          inputMode="decimal"
          autoComplete="off"
          key={form.key('adultPriceCents')}
          {...form.getInputProps('adultPriceCents')}
        />
        <TextInput
          label={t('form.childPrice')}
          description={t('form.priceHelp')}
          required
          inputMode="decimal"
          autoComplete="off"
          key={form.key('childPriceCents')}
          {...form.getInputProps('childPriceCents')}
        />
        <NumberInput
          label={t('form.requiredCredits')}
          required
          min={0}
          max={subscriptionLimits.requiredCreditsMax}
          {...whole}
          key={form.key('requiredCredits')}
          {...form.getInputProps('requiredCredits')}
        />
        <Switch
          label={t('form.isActive')}
          description={t('form.isActiveHelp')}
          key={form.key('isActive')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Switch
          label={t('form.isOpen')}
          description={t('form.isOpenHelp')}
          key={form.key('isOpenForRegistration')}
          {...form.getInputProps('isOpenForRegistration', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          {subscription ? t('form.save') : t('form.create')}
        </Button>
      </Stack>
    </form>
  );
}
