import { Button, Code, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  overrideProblem,
  translationLimits,
  translationUpdateSchema,
  type TranslationEntry,
} from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useUpdateTranslation } from '../api/change-translation';

/** The text a farm of this variant sees without an override. */
export function bundledFor(entry: TranslationEntry, cooperative: boolean): string {
  return cooperative ? (entry.cooperativeText ?? entry.text) : entry.text;
}

interface Values {
  value: string;
}

function TextForm({
  entry,
  bundled,
  onClose,
}: {
  entry: TranslationEntry;
  bundled: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('translation');
  const { t: tc } = useTranslation('common');
  const errorText = useErrorText();
  const update = useUpdateTranslation();
  const { ref, focusError } = useFocusError();
  const schemaCheck = zodValidate<Values>(translationUpdateSchema, (values) => ({
    namespace: entry.namespace,
    key: entry.key,
    value: values.value,
  }));
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { value: entry.override ?? bundled },
    validate: (values) => {
      const errors = schemaCheck(values);
      const problem = errors.value ? null : overrideProblem(bundled, values.value);
      return problem ? { ...errors, value: problem } : errors;
    },
  });
  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(
      { namespace: entry.namespace, key: entry.key, value: values.value },
      {
        onSuccess: () => {
          notifications.show({ color: 'brand', message: t('saved') });
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusError();
        },
      },
    );
  }, focusError);
  const placeholders = entry.placeholders.map((name) => `{{${name}}}`).join(', ');
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('bundled')}
          </Text>
          <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
            {bundled}
          </Text>
        </Stack>
        <Textarea
          label={t('value')}
          description={
            placeholders ? `${t('valueHelp')} ${t('placeholders', { fields: placeholders })}` : t('valueHelp')
          }
          autosize
          minRows={2}
          maxRows={10}
          required
          maxLength={translationLimits.valueMax}
          data-autofocus
          key={form.key('value')}
          {...form.getInputProps('value')}
        />
        {update.error && !fieldErrors(update.error).value ? (
          <FormError>{errorText(update.error)}</FormError>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Aanpassen": the bundled text, and the farm's own in a text box that keeps the placeholders. */
export function TextDialog({
  entry,
  cooperative,
  onClose,
}: {
  entry: TranslationEntry | null;
  cooperative: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('translation');
  return (
    <Dialog opened={entry !== null} onClose={onClose} title={t('dialogTitle')}>
      {entry && (
        <Stack gap="sm">
          <Code className="pluk-wrap">{`${entry.namespace}:${entry.key}`}</Code>
          <TextForm entry={entry} bundled={bundledFor(entry, cooperative)} onClose={onClose} />
        </Stack>
      )}
    </Dialog>
  );
}
