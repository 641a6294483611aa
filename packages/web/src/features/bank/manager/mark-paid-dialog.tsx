import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { markPaidBodySchema, type ManagedTransaction, type MarkPaidBody } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { formatEuros } from '../../../lib/euros';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useMarkPaid } from './api/transaction-mutations';
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
  const errorText = useErrorText();
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
  const serverFields = Object.keys(fieldErrors(markPaid.error)).length > 0;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text className="pluk-wrap">
            {t('markPaid.intro', {
              name: transaction.payerName,
              amount: formatEuros(transaction.amountCents),
              description: transaction.description,
            })}
          </Text>
          {markPaid.isError && !serverFields && <FormError>{errorText(markPaid.error)}</FormError>}
          <Radio.Group
            label={t('markPaid.via')}
            required
            key={form.key('via')}
            {...form.getInputProps('via')}
          >
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('markPaid.back')}
            </Button>
            <Button type="submit" loading={markPaid.isPending}>
              {t('markPaid.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DatesProvider>
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
  const { t: tc } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('markPaid.title')}
      centered
      closeButtonProps={{ 'aria-label': tc('header.close') }}
    >
      {opened && <MarkPaidForm transaction={transaction} onClose={onClose} />}
    </Modal>
  );
}
