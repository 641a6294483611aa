import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Alert, Anchor, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { requestInputSchema, requestLimits, type RequestDetail, type RequestInput } from '@pluk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { formatVirtualMoney, parseVirtualMoney } from '../../../lib/virtual-money';
import { useWalletOnly } from '../../wallet/api/get-wallet';
import { useCreateRequest, useUpdateRequest } from '../api/request-mutations';
import { MoneyError } from './money-error';

/** Dates as the picker keeps them. */
const dayFormat = 'YYYY-MM-DD';

interface Values {
  title: string;
  description: string;
  /** The reward as typed ("2,50"); empty is no reward. */
  reward: string;
  neededBy: string | null;
}

/** An amount in cents as the member types it back: "2,50" (no "plukgeld", no thousands dot). */
function rewardField(cents: number): string {
  return cents === 0 ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

function toInput(values: Values): Record<string, unknown> {
  const reward = values.reward.trim();
  return {
    title: values.title,
    description: values.description,
    rewardCents: reward === '' ? 0 : (parseVirtualMoney(reward) ?? Number.NaN),
    // Needed by that day: until its end, on the member's clock.
    neededBy: values.neededBy ? dayjs(values.neededBy).endOf('day').toISOString() : null,
  };
}

/** The contract's and the server's messages under the form's own field names. */
function toFormErrors(errors: FormErrors): FormErrors {
  const { rewardCents, ...rest } = errors;
  return rewardCents ? { ...rest, reward: rewardCents } : rest;
}

function initialValues(request?: RequestDetail): Values {
  return {
    title: request?.title ?? '',
    description: request?.description ?? '',
    reward: request ? rewardField(request.rewardCents) : '',
    neededBy: request?.neededBy ? dayjs(request.neededBy).format(dayFormat) : null,
  };
}

/** Ask something new or change my open request; the contract's rules give the Dutch messages. */
export function RequestForm({
  request,
  walletHref,
  onSaved,
}: {
  request?: RequestDetail;
  walletHref: string;
  onSaved: (saved: RequestDetail) => void;
}) {
  const { t } = useTranslation('requests');
  const create = useCreateRequest();
  const update = useUpdateRequest();
  const mutation = request ? update : create;
  // What I can still promise, and whether I trade at all (`GET User/Wallet/false`).
  const wallet = useWalletOnly().data;
  const { ref, focusError } = useFocusError();
  const validateSchema = zodValidate(requestInputSchema, toInput);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(request),
    validate: (values) => {
      const reward = values.reward.trim();
      if (reward !== '' && parseVirtualMoney(reward) === null) {
        return {
          ...toFormErrors(validateSchema({ ...values, reward: '' })),
          reward: t('form.rewardInvalid'),
        };
      }
      return toFormErrors(validateSchema(values));
    },
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const input = requestInputSchema.parse(toInput(values)) as RequestInput;
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        form.setErrors(toFormErrors(fieldErrors(error)));
        focusError();
      },
    };
    if (request) update.mutate({ ...input, id: request.id }, options);
    else create.mutate(input, options);
  }, focusError);

  const serverFields = Object.keys(fieldErrors(mutation.error)).length > 0;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          {mutation.isError && !serverFields && <MoneyError error={mutation.error} walletHref={walletHref} />}
          <TextInput
            label={t('form.title')}
            required
            maxLength={requestLimits.titleMax}
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={3}
            maxLength={requestLimits.descriptionMax}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('form.reward')}
            description={
              wallet?.isTransactionable
                ? t('form.rewardHelpAvailable', { amount: formatVirtualMoney(wallet.availableCents) })
                : t('form.rewardHelp')
            }
            inputMode="decimal"
            autoComplete="off"
            rightSection={t('form.rewardUnit')}
            rightSectionWidth={96}
            key={form.key('reward')}
            {...form.getInputProps('reward')}
          />
          {wallet && !wallet.isTransactionable && (
            <Alert color="yellow" variant="light">
              <Stack gap={4}>
                <Text size="sm">{t('form.notTransactionable')}</Text>
                <Anchor component={Link} to={walletHref} size="sm" fw={600}>
                  {t('detail.toWallet')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <DatePickerInput
            label={t('form.neededBy')}
            description={t('form.neededByHelp')}
            clearable
            minDate={dayjs().format(dayFormat)}
            valueFormat="dd D MMMM YYYY"
            dropdownType="modal"
            clearButtonProps={{ 'aria-label': t('form.clearNeededBy') }}
            key={form.key('neededBy')}
            {...form.getInputProps('neededBy')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {request ? t('form.save') : t('form.create')}
          </Button>
        </Stack>
      </form>
    </DatesProvider>
  );
}
