import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { bankLimits, membershipCreateBodySchema, type ManagedTransaction } from '@pluk/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import { fieldErrors, useFocusError, type FormErrors } from '../../../lib/form';
import { useMemberSubscriptions } from './api/member-lookup';
import { useCreateMembershipTransaction } from './api/transaction-mutations';
import { parseAmount } from './amount-text';
import { BankDialog, DialogButtons } from './bank-dialog';
import { BankForm } from './bank-form';
import { MemberSelect, type MemberChoice } from './member-select';
import { notifySuccess } from './notify';
import { today } from './transaction-parts';

interface Values {
  member: MemberChoice | null;
  /** The chosen subscription's id as the radio keeps it; '' while none is chosen. */
  subscriptionId: string;
  /** Euros as typed ("125,50"); empty is the household's price. */
  amount: string;
  description: string;
  dueDate: string | null;
}

/** The form's fields under the names the contract and the server use. */
const fieldNames: Record<string, keyof Values> = {
  userId: 'member',
  subscriptionId: 'subscriptionId',
  amountCents: 'amount',
  description: 'description',
  dueDate: 'dueDate',
};

function toFormErrors(errors: FormErrors): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [fieldNames[key] ?? key, message]),
  );
}

/** Only what the manager filled in: the server fills in the rest (price, description, due date). */
function toBody(values: Values) {
  const amount = values.amount.trim();
  const description = values.description.trim();
  return {
    userId: values.member?.id,
    subscriptionId: values.subscriptionId ? Number(values.subscriptionId) : undefined,
    ...(amount ? { amountCents: parseAmount(amount) ?? Number.NaN } : {}),
    ...(description ? { description } : {}),
    ...(values.dueDate ? { dueDate: values.dueDate } : {}),
  };
}

function NewTransactionForm({
  harvestYear,
  fixedMember,
  onClose,
  onCreated,
}: {
  harvestYear: number;
  fixedMember: MemberChoice | null;
  onClose: () => void;
  onCreated: (transaction: ManagedTransaction) => void;
}) {
  const { t } = useTranslation('bankManager');
  const create = useCreateMembershipTransaction();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { member: fixedMember, subscriptionId: '', amount: '', description: '', dueDate: null },
    validate: (values) => {
      const errors: FormErrors = {};
      if (!values.member) errors.member = t('create.memberMissing');
      if (!values.subscriptionId) errors.subscriptionId = t('create.subscriptionMissing');
      const result = membershipCreateBodySchema
        .pick({ amountCents: true, description: true, dueDate: true })
        .safeParse(toBody(values));
      if (!result.success)
        for (const issue of result.error.issues) {
          const name = fieldNames[String(issue.path[0])];
          if (name && !errors[name]) errors[name] = issue.message;
        }
      if (values.amount.trim() && parseAmount(values.amount) === null)
        errors.amount = t('form.amountInvalid');
      return errors;
    },
  });
  const member = form.values.member;
  const choices = useMemberSubscriptions(member?.id ?? null, harvestYear);
  const chosen = choices.choices.find(
    (choice) => String(choice.subscriptionId) === form.values.subscriptionId,
  );

  // One subscription without a transaction yet: nothing to choose.
  const free = choices.choices.filter((choice) => !choice.hasLiveTransaction);
  const only = free.length === 1 ? free[0] : undefined;
  useEffect(() => {
    if (only && form.values.subscriptionId === '')
      form.setFieldValue('subscriptionId', String(only.subscriptionId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the member's subscriptions arrive
  }, [only?.subscriptionId]);

  const submit = form.onSubmit((values) => {
    if (create.isPending || !values.member) return;
    const body = membershipCreateBodySchema.parse(toBody(values));
    const name = values.member.name;
    create.mutate(body, {
      onSuccess: (transaction) => {
        notifySuccess(t('create.done', { name, amount: formatEuros(transaction.amountCents) }));
        onCreated(transaction);
        onClose();
      },
      onError: (error) => {
        form.setErrors(toFormErrors(fieldErrors(error)));
        focusError();
      },
    });
  }, focusError);

  return (
    <BankForm formRef={ref} onSubmit={submit} error={create.error}>
      {fixedMember ? (
        <Text className="pluk-wrap">{t('create.forMember', { name: fixedMember.name })}</Text>
      ) : (
        <MemberSelect
          label={t('create.member')}
          description={t('create.memberHelp')}
          required
          value={member}
          error={form.errors.member as string | undefined}
          onChange={(choice) => {
            form.setFieldValue('member', choice);
            form.setFieldValue('subscriptionId', '');
          }}
        />
      )}
      {member &&
        (choices.isPending ? (
          <LoadingState />
        ) : choices.error ? (
          <ErrorState error={choices.error} onRetry={choices.refetch} />
        ) : choices.choices.length === 0 ? (
          <Text c="dimmed" className="pluk-wrap" role="status">
            {t('create.noSubscriptions', { name: member.name, year: harvestYear })}
          </Text>
        ) : (
          <Radio.Group
            label={t('create.subscription', { year: harvestYear })}
            required
            {...form.getInputProps('subscriptionId')}
          >
            <Stack gap="xs" mt="xs">
              {choices.choices.map((choice) => (
                <Radio
                  key={choice.subscriptionId}
                  value={String(choice.subscriptionId)}
                  label={t('create.subscriptionChoice', {
                    name: choice.name,
                    amount: formatEuros(choice.priceCents),
                  })}
                  // The server would refuse a second open or paid one (TRANSACTION_EXISTS).
                  disabled={choice.hasLiveTransaction}
                  description={choice.hasLiveTransaction ? t('create.subscriptionTaken') : undefined}
                  classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
                />
              ))}
            </Stack>
          </Radio.Group>
        ))}
      <TextInput
        label={t('form.amountOptional')}
        description={
          chosen
            ? t('create.amountDefaultOf', { amount: formatEuros(chosen.priceCents) })
            : t('create.amountDefault')
        }
        inputMode="decimal"
        autoComplete="off"
        leftSection="€"
        {...form.getInputProps('amount')}
      />
      <TextInput
        label={t('form.descriptionOptional')}
        description={t('create.descriptionDefault')}
        maxLength={bankLimits.descriptionMax}
        {...form.getInputProps('description')}
      />
      <DatePickerInput
        label={t('form.dueDateOptional')}
        description={t('create.dueDateDefault')}
        clearable
        minDate={today()}
        valueFormat="dd D MMMM YYYY"
        dropdownType="modal"
        clearButtonProps={{ 'aria-label': t('form.clearDueDate') }}
        {...form.getInputProps('dueDate')}
      />
      <DialogButtons
        back={t('create.cancel')}
        submit={t('create.submit')}
        onBack={onClose}
        pending={create.isPending}
      />
    </BankForm>
  );
}

/**
 * "Nieuwe transactie" (`MembershipCreate`): a member and one of their subscriptions of the harvest year
 * become something to pay. Amount, description and due date are optional: the server takes the
 * household's price, a description of the subscription and the farm's payment term.
 */
export function NewTransactionDialog({
  opened,
  onClose,
  harvestYear,
  member = null,
  onCreated = () => {},
}: {
  opened: boolean;
  onClose: () => void;
  harvestYear: number;
  /** The member, when the dialog is opened from their page; chosen in the dialog otherwise. */
  member?: MemberChoice | null;
  onCreated?: (transaction: ManagedTransaction) => void;
}) {
  const { t } = useTranslation('bankManager');
  return (
    <BankDialog opened={opened} onClose={onClose} title={t('create.title')}>
      <NewTransactionForm
        harvestYear={harvestYear}
        fixedMember={member}
        onClose={onClose}
        onCreated={onCreated}
      />
    </BankDialog>
  );
}
