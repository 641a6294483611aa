import { Button, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cropInputSchema, harvestLimits, type CropDetail, type CropInput } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateCrop, useCropFieldOptions, useUpdateCrop } from '../api/crops';

interface Values {
  name: string;
  description: string;
  howToHarvest: string;
  hint: string;
  unit: string;
  fieldIds: string[];
  isActive: boolean;
}

const toInput = (values: Values) => ({ ...values, fieldIds: values.fieldIds.map(Number) });

function initialValues(crop?: CropDetail): Values {
  return {
    name: crop?.name ?? '',
    description: crop?.description ?? '',
    howToHarvest: crop?.howToHarvest ?? '',
    hint: crop?.hint ?? '',
    unit: crop?.unit ?? '',
    fieldIds: (crop?.fields ?? []).map((field) => String(field.id)),
    isActive: crop?.isActive ?? true,
  };
}

/** The farm's fields to choose from (`Crop/fields`); the crop's own stay listed if the list fails. */
function FieldsInput({
  crop,
  inputProps,
}: {
  crop?: CropDetail;
  inputProps: ReturnType<ReturnType<typeof useForm<Values>>['getInputProps']>;
}) {
  const { t } = useTranslation('harvest');
  const fields = useCropFieldOptions();
  const known = new Map((fields.data ?? []).map((field) => [String(field.id), field.name]));
  for (const field of crop?.fields ?? [])
    if (!known.has(String(field.id))) known.set(String(field.id), field.name);
  return (
    <MultiSelect
      label={t('form.fields')}
      description={fields.isError ? t('form.fieldsFailed') : t('form.fieldsHelp')}
      data={[...known].map(([value, label]) => ({ value, label }))}
      searchable
      clearable
      maxValues={harvestLimits.fieldsPerCropMax}
      nothingFoundMessage={t('form.noFields')}
      clearButtonProps={{ 'aria-label': t('form.clearFields') }}
      {...inputProps}
    />
  );
}

/** Create or edit a crop (an article in the cooperative wording); the contract's rules give the messages. */
export function CropForm({ crop, onSaved }: { crop?: CropDetail; onSaved: (saved: CropDetail) => void }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const create = useCreateCrop();
  const update = useUpdateCrop();
  const mutation = crop ? update : create;
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(crop),
    validate: zodValidate(cropInputSchema, toInput),
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const input = cropInputSchema.parse(toInput(values)) as CropInput;
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    };
    if (crop) update.mutate({ ...input, id: crop.id }, options);
    else create.mutate(input, options);
  }, focusError);

  const serverFields = Object.keys(fieldErrors(mutation.error)).length > 0;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {mutation.isError && !serverFields && <FormError>{errorText(mutation.error)}</FormError>}
        <TextInput
          label={t('form.name')}
          required
          maxLength={harvestLimits.cropNameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('form.unit')}
          description={t('form.unitHelp')}
          maxLength={harvestLimits.unitMax}
          key={form.key('unit')}
          {...form.getInputProps('unit')}
        />
        <TextInput
          label={t('form.hint')}
          description={t('form.hintHelp')}
          maxLength={harvestLimits.hintMax}
          key={form.key('hint')}
          {...form.getInputProps('hint')}
        />
        <Textarea
          label={t('form.description')}
          autosize
          minRows={3}
          maxLength={harvestLimits.cropDescriptionMax}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={t('form.howToHarvest')}
          autosize
          minRows={3}
          maxLength={harvestLimits.howToHarvestMax}
          key={form.key('howToHarvest')}
          {...form.getInputProps('howToHarvest')}
        />
        <FieldsInput crop={crop} inputProps={form.getInputProps('fieldIds')} key={form.key('fieldIds')} />
        <Switch
          label={t('form.isActive')}
          description={t('form.isActiveHelp')}
          size="md"
          key={form.key('isActive')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          {crop ? t('form.save') : t('form.create')}
        </Button>
      </Stack>
    </form>
  );
}
