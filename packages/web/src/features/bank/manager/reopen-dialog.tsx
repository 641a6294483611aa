import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { reopenBodySchema, type ManagedTransaction, type ReopenBody } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../lib/euros';
import { fieldErrors, useFocusError, zodValidate } from '../../../lib/form';
import { useRefundTransaction, useReopenTransaction } from './api/reopen-and-bulk';
import { BankDialog, DialogButtons } from './bank-dialog';
import { BankForm } from './bank-form';
import { notifySuccess } from './notify';

interface Values {
  reason: string;
}

/**
 * Undoes a payment (ADR 093): a paid transaction is reopened with a reason; one paid online is refunded
 * through Mollie (the money goes back to the member) and reopened. The reason stays in the history.
 */
function ReopenForm({ transaction, onClose }: { transaction: ManagedTransaction; onClose: () => void }) {
  const { t } = useTranslation('bankManager');
  const online = transaction.paidVia === 'online';
  const reopen = useReopenTransaction();
  const refund = useRefundTransaction();
  const mutation = online ? refund : reopen;
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { reason: '' },
    validate: zodValidate<Values>(reopenBodySchema, (values): ReopenBody => values),
  });
  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    mutation.mutate(
      { id: transaction.id, reason: values.reason.trim() },
      {
        onSuccess: () => {
          notifySuccess(t(online ? 'reopen.refunded' : 'reopen.done', { name: transaction.payerName }));
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusError();
        },
      },
    );
  }, focusError);
  const values = {
    name: transaction.payerName,
    amount: formatEuros(transaction.amountCents),
    description: transaction.description,
  };
  return (
    <BankForm
      formRef={ref}
      onSubmit={submit}
      error={mutation.error}
      intro={<Text className="pluk-wrap">{t(online ? 'reopen.refundIntro' : 'reopen.intro', values)}</Text>}
    >
      <Textarea
        label={t('reopen.reason')}
        description={t('reopen.reasonHelp')}
        required
        autosize
        minRows={2}
        maxLength={200}
        key={form.key('reason')}
        {...form.getInputProps('reason')}
      />
      <DialogButtons
        back={t('reopen.back')}
        submit={t(online ? 'reopen.refundSubmit' : 'reopen.submit')}
        onBack={onClose}
        pending={mutation.isPending}
      />
    </BankForm>
  );
}

export function ReopenDialog({
  transaction,
  opened,
  onClose,
}: {
  transaction: ManagedTransaction;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const title = t(transaction.paidVia === 'online' ? 'reopen.refundTitle' : 'reopen.title');
  return (
    <BankDialog opened={opened} onClose={onClose} title={title}>
      <ReopenForm transaction={transaction} onClose={onClose} />
    </BankDialog>
  );
}
