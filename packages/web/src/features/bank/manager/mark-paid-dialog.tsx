import { Radio, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { markPaidBodySchema, type ManagedTransaction, type MarkPaidBody } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../lib/euros';
import { fieldErrors, useFocusError, zodValidate } from '../../../lib/form';
import { useMarkPaid } from './api/transaction-mutations';
import { BankDialog, DialogButtons } from './bank-dialog';
import { BankForm } from './bank-form';
import { notifySuccess } from './notify';
import { today } from './transaction-parts';

interface Values {
  via: MarkPaidBody['via'];
  /** The day it was paid; empty is today (the server's "now"). */
  paidOn: string | null;
  note: string;
}

const toBody = (values: Values): MarkPaidBody => ({
  via: values.via,
  ...(values.paidOn ? { paidOn: values.paidOn } : {}),
  note: values.note.trim(),
});

const ways = ['transfer', 'cash', 'manual'] as const;

function MarkPaidForm({ transaction, onClose }: { transaction: ManagedTransaction; onClose: () => void }) {
  const { t } = useTranslation('bankManager');
  const markPaid = useMarkPaid();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { via: 'transfer', paidOn: today(), note: '' },
    validate: zodValidate<Values>(markPaidBodySchema, toBody),
  });
  const submit = form.onSubmit((values) => {
    if (markPaid.isPending) return;
    markPaid.mutate(
      { id: transaction.id, body: toBody(values) },
      {
        onSuccess: () => {
          notifySuccess(t('markPaid.done', { name: transaction.payerName }));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusError();
        },
      },
    );
  }, focusError);
  return (
    <BankForm
      formRef={ref}
      onSubmit={submit}
      error={markPaid.error}
      intro={
        <Text className="pluk-wrap">
          {t('markPaid.intro', {
            name: transaction.payerName,
            amount: formatEuros(transaction.amountCents),
            description: transaction.description,
          })}
        </Text>
      }
    >
      <Radio.Group label={t('markPaid.via')} required key={form.key('via')} {...form.getInputProps('via')}>
        <Stack gap="xs" mt="xs">
          {ways.map((way) => (
            <Radio
              key={way}
              value={way}
              label={t(`paidVia.${way}`)}
              description={t(`markPaid.viaHelp.${way}`)}
              classNames={{ description: 'pluk-wrap' }}
            />
          ))}
        </Stack>
      </Radio.Group>
      <DatePickerInput
        label={t('markPaid.paidOn')}
        description={t('markPaid.paidOnHelp')}
        clearable
        maxDate={today()}
        valueFormat="dd D MMMM YYYY"
        dropdownType="modal"
        clearButtonProps={{ 'aria-label': t('markPaid.clearPaidOn') }}
        key={form.key('paidOn')}
        {...form.getInputProps('paidOn')}
      />
      <Textarea
        label={t('markPaid.note')}
        description={t('markPaid.noteHelp')}
        autosize
        minRows={2}
        maxLength={200}
        key={form.key('note')}
        {...form.getInputProps('note')}
      />
      <DialogButtons
        back={t('markPaid.back')}
        submit={t('markPaid.submit')}
        onBack={onClose}
        pending={markPaid.isPending}
      />
    </BankForm>
  );
}

/** "Betaald zetten": how (overschrijving, cash, manueel), on which day, and a note for the audit trail. */
export function MarkPaidDialog({
  transaction,
  opened,
  onClose,
}: {
  transaction: ManagedTransaction;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bankManager');
  return (
    <BankDialog opened={opened} onClose={onClose} title={t('markPaid.title')}>
      <MarkPaidForm transaction={transaction} onClose={onClose} />
    </BankDialog>
  );
}
