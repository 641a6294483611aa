import { Button, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import {
  bankSettingsBodySchema,
  defaultErrorMessages,
  formatIban,
  isValidIban,
  normalizeIban,
  type BankSettings,
} from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { isApiError } from '../../../../lib/errors';
import { fieldErrors, useErrorText, useFocusError, zodValidate, type FormErrors } from '../../../../lib/form';
import { useBankSettings, useSaveBankSettings } from '../api/bank-settings';

interface Values {
  accountName: string;
  /** As shown and typed: grouped by 4 ("BE68 5390 0754 7034"); sent without spaces. */
  iban: string;
  bic: string;
  dueDays: number | string;
}

function initialValues(settings: BankSettings): Values {
  return {
    accountName: settings.accountName,
    iban: formatIban(settings.iban),
    bic: settings.bic,
    dueDays: settings.dueDays,
  };
}

function toInput(values: Values): Record<string, unknown> {
  return {
    accountName: values.accountName,
    iban: normalizeIban(values.iban),
    bic: values.bic.trim().toUpperCase(),
    dueDays: values.dueDays === '' ? undefined : Number(values.dueDays),
  };
}

/** The contract's rules, and the IBAN's check digits (mod 97) before the server is asked. */
function validate(values: Values): FormErrors {
  const errors = zodValidate<Values>(bankSettingsBodySchema, toInput)(values);
  if (!errors.iban && !isValidIban(values.iban)) errors.iban = defaultErrorMessages.BANK_ACCOUNT_INVALID;
  return errors;
}

/** The server's refusal under the form's fields: its field messages, or a refused IBAN under the IBAN. */
function serverErrors(error: unknown): FormErrors {
  const fields = fieldErrors(error);
  if (isApiError(error) && error.code === 'BANK_ACCOUNT_INVALID' && !fields.iban) {
    return { ...fields, iban: error.message || defaultErrorMessages.BANK_ACCOUNT_INVALID };
  }
  return fields;
}

function SettingsForm({ settings }: { settings: BankSettings }) {
  const { t } = useTranslation('bankAdmin');
  const errorText = useErrorText();
  const save = useSaveBankSettings();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({ mode: 'uncontrolled', initialValues: initialValues(settings), validate });

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const body = bankSettingsBodySchema.parse(toInput(values));
    save.mutate(body, {
      onSuccess: (saved) => {
        form.setValues(initialValues(saved));
        form.resetDirty();
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} aria-hidden />,
          message: t('settings.saved'),
        });
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        focusError();
      },
    });
  }, focusError);

  const shownOnField = Object.keys(serverErrors(save.error)).length > 0;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('settings.intro')}</Text>
        {save.isError && !shownOnField && <FormError>{errorText(save.error)}</FormError>}
        <TextInput
          label={t('settings.accountName')}
          description={t('settings.accountNameHelp')}
          required
          maxLength={70}
          autoComplete="organization"
          key={form.key('accountName')}
          {...form.getInputProps('accountName')}
        />
        <TextInput
          label={t('settings.iban')}
          description={t('settings.ibanHelp')}
          required
          maxLength={42}
          autoComplete="off"
          spellCheck={false}
          key={form.key('iban')}
          {...form.getInputProps('iban')}
          // Grouped by 4 once typed, as it is printed on cards and statements.
          onBlur={(event) => {
            const typed = event.currentTarget.value;
            if (formatIban(typed) !== typed) form.setFieldValue('iban', formatIban(typed));
          }}
        />
        <TextInput
          label={t('settings.bic')}
          description={t('settings.bicHelp')}
          maxLength={11}
          autoComplete="off"
          spellCheck={false}
          key={form.key('bic')}
          {...form.getInputProps('bic')}
        />
        <NumberInput
          label={t('settings.dueDays')}
          description={t('settings.dueDaysHelp')}
          required
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          key={form.key('dueDays')}
          {...form.getInputProps('dueDays')}
        />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/applicationManager/bank/settings`: the account members transfer to, and the due-date default. */
export function BankSettingsScreen() {
  const query = useBankSettings();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <SettingsForm settings={query.data} />;
}
