import { Button, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldInputSchema, harvestLimits, type Field, type FieldInput } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateField } from '../api/fields';

interface Values {
  name: string;
  description: string;
  position: number | string;
}

const toInput = (values: Values) => ({
  ...values,
  position: values.position === '' ? undefined : Number(values.position),
});

/** A new field: its name (unique on the farm), a description and its place in the lists. */
export function FieldForm({ onSaved }: { onSaved: (field: Field) => void }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const create = useCreateField();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { name: '', description: '', position: 0 },
    validate: zodValidate(fieldInputSchema, toInput),
  });
  const submit = form.onSubmit((values) => {
    if (create.isPending) return;
    create.mutate(fieldInputSchema.parse(toInput(values)) as FieldInput, {
      onSuccess: onSaved,
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);
  const serverFields = Object.keys(fieldErrors(create.error)).length > 0;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {create.isError && !serverFields && <FormError>{errorText(create.error)}</FormError>}
        <TextInput
          label={t('fieldForm.name')}
          required
          maxLength={harvestLimits.fieldNameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('fieldForm.description')}
          autosize
          minRows={3}
          maxLength={harvestLimits.fieldDescriptionMax}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <NumberInput
          label={t('fieldForm.position')}
          description={t('fieldForm.positionHelp')}
          min={0}
          max={10_000}
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          hideControls
          key={form.key('position')}
          {...form.getInputProps('position')}
        />
        <Button type="submit" size="md" fullWidth loading={create.isPending}>
          {t('fieldForm.create')}
        </Button>
      </Stack>
    </form>
  );
}
