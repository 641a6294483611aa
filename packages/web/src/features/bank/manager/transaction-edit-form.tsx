import { Alert, Button, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  bankLimits,
  transactionUpdateBodySchema,
  type ManagedTransaction,
  type TransactionUpdateBody,
} from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { isApiError } from '../../../lib/errors';
import { fieldErrors, useFocusError, type FormErrors } from '../../../lib/form';
import { useUpdateTransaction } from './api/transaction-mutations';
import { useTransaction } from './api/transactions';
import { amountText, parseAmount } from './amount-text';
import { BankForm } from './bank-form';
import { notifySuccess } from './notify';

interface Values {
  /** Euros as typed: "125,50". */
  amount: string;
  description: string;
  dueDate: string | null;
}

function toBody(id: number, values: Values): Record<string, unknown> {
  const amount = values.amount.trim();
  return {
    id,
    // Empty: the contract's "vul een bedrag in"; not an amount: NaN, our own message below.
    amountCents: amount === '' ? undefined : (parseAmount(amount) ?? Number.NaN),
    description: values.description,
    dueDate: values.dueDate ?? undefined,
  };
}

/** The contract's and the server's messages under the form's own field names. */
function toFormErrors(errors: FormErrors): FormErrors {
  const { amountCents, ...rest } = errors;
  return amountCents ? { ...rest, amount: amountCents } : rest;
}

function EditForm({
  transaction,
  onSaved,
}: {
  transaction: ManagedTransaction;
  onSaved: (saved: ManagedTransaction) => void;
}) {
  const { t } = useTranslation('bankManager');
  const update = useUpdateTransaction();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: {
      amount: amountText(transaction.amountCents),
      description: transaction.description,
      dueDate: transaction.dueDate,
    },
    validate: (values) => {
      const result = transactionUpdateBodySchema.safeParse(toBody(transaction.id, values));
      const errors: FormErrors = {};
      if (!result.success)
        for (const issue of result.error.issues) {
          const path = issue.path.join('.');
          if (!(path in errors)) errors[path] = issue.message;
        }
      const formErrors = toFormErrors(errors);
      if (values.amount.trim() !== '' && parseAmount(values.amount) === null)
        formErrors.amount = t('form.amountInvalid');
      return formErrors;
    },
  });
  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    const body = transactionUpdateBodySchema.parse(toBody(transaction.id, values)) as TransactionUpdateBody;
    update.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t('edit.saved'));
        onSaved(saved);
      },
      onError: (error) => {
        form.setErrors(toFormErrors(fieldErrors(error)));
        focusError();
      },
    });
  }, focusError);
  return (
    <BankForm formRef={ref} onSubmit={submit} error={update.error}>
      <TextInput
        label={t('form.amount')}
        description={t('form.amountHelp')}
        required
        inputMode="decimal"
        autoComplete="off"
        leftSection="€"
        key={form.key('amount')}
        {...form.getInputProps('amount')}
      />
      <TextInput
        label={t('form.description')}
        required
        maxLength={bankLimits.descriptionMax}
        key={form.key('description')}
        {...form.getInputProps('description')}
      />
      <DatePickerInput
        label={t('form.dueDate')}
        required
        valueFormat="dd D MMMM YYYY"
        dropdownType="modal"
        key={form.key('dueDate')}
        {...form.getInputProps('dueDate')}
      />
      <Button type="submit" size="md" fullWidth loading={update.isPending}>
        {t('edit.save')}
      </Button>
    </BankForm>
  );
}

/**
 * `/applicationManager/bank/Transactions/edit/{id}` (modal layout): an open transaction's amount (typed
 * in euros, sent as exact cents), description and due date. A paid or cancelled one is not changed.
 */
export function TransactionEdit({
  id,
  onSaved,
  notFound,
}: {
  id: number;
  onSaved: (saved: ManagedTransaction) => void;
  /** What to show when there is no such transaction (404). */
  notFound: ReactNode;
}) {
  const { t } = useTranslation('bankManager');
  const query = useTransaction(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.status !== 'open')
    return (
      <Alert color="yellow" variant="light">
        {t('edit.notOpen')}
      </Alert>
    );
  return <EditForm transaction={query.data} onSaved={onSaved} />;
}
