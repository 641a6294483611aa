import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { marketLimits, mediaLimits, offerFieldsSchema, type OfferDetail } from '@pluk/contract';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { NewFileCard, SavingProgress } from '../../../components/upload-parts';
import { fieldErrors, useErrorText, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { useNewPhotos } from '../../../lib/use-new-photos';
import { parseVirtualMoney } from '../../../lib/virtual-money';
import { MediaImage } from '../../media/components/media-image';
import { useSaveOffer, type OfferFormMode, type OfferFormPayload } from '../api/save-offer';
import { FileDropzone } from '../../../components/file-dropzone';

const megabyte = 1024 * 1024;
const dropzoneAccept = Object.fromEntries(mediaLimits.imageTypes.map((type) => [type, [] as string[]]));

export interface OfferFormValues {
  title: string;
  description: string;
  isFree: boolean;
  /** The price as typed ("2,50"); read with `parseVirtualMoney`. */
  price: string;
  quantity: number | string;
  unit: string;
  pickupInfo: string;
  /** A calendar day 'YYYY-MM-DD' (the offer runs to the end of it), or null. */
  availableUntil: string | null;
}

/** What the contract's `offerFieldsSchema` reads from the form's values. */
export function offerFormInput(values: OfferFormValues) {
  const priceText = values.price.trim();
  const cents = priceText === '' ? undefined : (parseVirtualMoney(priceText) ?? Number.NaN);
  return {
    title: values.title,
    description: values.description,
    priceCents: values.isFree ? 0 : cents,
    quantity: values.quantity === '' ? undefined : Number(values.quantity),
    unit: values.unit,
    pickupInfo: values.pickupInfo,
    availableUntil: values.availableUntil
      ? dayjs(values.availableUntil).endOf('day').millisecond(0).toISOString()
      : null,
  };
}

/** The contract's errors keyed by the form's fields (`priceCents` is the `price` box). */
function toFormErrors(errors: FormErrors): FormErrors {
  const { priceCents, ...rest } = errors;
  return priceCents ? { ...rest, price: priceCents } : rest;
}

function initialValues(offer?: OfferDetail): OfferFormValues {
  if (!offer) {
    return {
      title: '',
      description: '',
      isFree: true,
      price: '',
      quantity: 1,
      unit: '',
      pickupInfo: '',
      availableUntil: null,
    };
  }
  return {
    title: offer.title,
    description: offer.description,
    isFree: offer.priceCents === 0,
    price: offer.priceCents === 0 ? '' : (offer.priceCents / 100).toFixed(2).replace('.', ','),
    quantity: offer.quantity,
    unit: offer.unit,
    pickupInfo: offer.pickupInfo,
    availableUntil: offer.availableUntil ? dayjs(offer.availableUntil).format('YYYY-MM-DD') : null,
  };
}

/** A new photo with its preview URL (revoked when it is removed or the form closes). */
export interface OfferFormProps {
  /** The offer to edit; a new offer when absent. */
  offer?: OfferDetail;
  /** A member's own offer (`product/*`) or, for a ProductManager, any offer of the farm. */
  mode?: OfferFormMode;
  onSaved: (offer: OfferDetail) => void;
}

/**
 * Put up or change an offer: title, description, price in plukgeld (or gratis), quantity and unit,
 * pickup information, an optional last day and up to 6 photos; one multipart request. The contract's
 * rules give the Dutch messages; the member form and the ProductManager's share it.
 */
export function OfferForm({ offer, mode = 'member', onSaved }: OfferFormProps) {
  const { t } = useTranslation(['market', 'common']);
  const errorText = useErrorText();
  const save = useSaveOffer(mode);
  const { ref, focusError } = useFocusError();
  const dropzoneHelpId = useId();
  const [keep, setKeep] = useState<number[]>(() => offer?.photoIds ?? []);
  const {
    photos,
    messages: photoError,
    total,
    room,
    add: addPhotos,
    reject,
    remove: removePhoto,
  } = useNewPhotos({
    kept: keep.length,
    max: marketLimits.photosMax,
    texts: {
      tooMany: (count) => t('form.tooManyPhotos', { count }),
      tooLarge: (name) => t('form.fileTooLarge', { name }),
      wrongType: (name) => t('form.fileTypeNotAllowed', { name }),
    },
  });
  const validateFields = zodValidate<OfferFormValues>(offerFieldsSchema, offerFormInput);
  const form = useForm<OfferFormValues>({
    mode: 'controlled',
    initialValues: initialValues(offer),
    validate: (values) => {
      const errors = toFormErrors(validateFields(values));
      if (!values.isFree && values.price.trim() !== '' && parseVirtualMoney(values.price) === null) {
        errors.price = t('form.priceInvalid');
      }
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const fields = offerFieldsSchema.parse(offerFormInput(values));
    const payload: OfferFormPayload = {
      id: offer?.id,
      title: fields.title,
      description: fields.description,
      priceCents: fields.priceCents,
      quantity: fields.quantity,
      unit: fields.unit,
      pickupInfo: fields.pickupInfo,
      availableUntil: fields.availableUntil,
      keepPhotoIds: offer ? keep : undefined,
      photos: photos.map((p) => p.file),
    };
    save.mutate(payload, {
      onSuccess: onSaved,
      onError: (error) => {
        form.setErrors(toFormErrors(fieldErrors(error)));
        focusError();
      },
    });
  }, focusError);

  const serverFields = Object.keys(fieldErrors(save.error)).length > 0;
  const isFree = form.values.isFree;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          {save.isError && !serverFields && <FormError>{errorText(save.error)}</FormError>}
          <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              <TextInput
                label={t('form.title')}
                required
                size="md"
                maxLength={marketLimits.titleMax}
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('form.description')}
                autosize
                minRows={3}
                maxLength={marketLimits.descriptionMax}
                {...form.getInputProps('description')}
              />
              <Switch
                label={t('form.isFree')}
                description={t('form.isFreeHelp')}
                size="md"
                {...form.getInputProps('isFree', { type: 'checkbox' })}
              />
              {!isFree && (
                <TextInput
                  label={t('form.price')}
                  description={t('form.priceHelp')}
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.getInputProps('price')}
                />
              )}
              <NumberInput
                label={t('form.quantity')}
                required
                min={marketLimits.quantityMin}
                max={marketLimits.quantityMax}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                hideControls
                {...form.getInputProps('quantity')}
              />
              <TextInput
                label={t('form.unit')}
                description={t('form.unitHelp')}
                maxLength={marketLimits.unitMax}
                {...form.getInputProps('unit')}
              />
              <Textarea
                label={t('form.pickupInfo')}
                description={t('form.pickupInfoHelp')}
                autosize
                minRows={2}
                maxLength={marketLimits.pickupInfoMax}
                {...form.getInputProps('pickupInfo')}
              />
              <DatePickerInput
                label={t('form.availableUntil')}
                clearable
                minDate={dayjs().format('YYYY-MM-DD')}
                valueFormat="dd D MMMM YYYY"
                dropdownType="modal"
                clearButtonProps={{ 'aria-label': t('form.clearDate') }}
                {...form.getInputProps('availableUntil')}
              />

              <Stack gap="xs">
                <Text fw={500}>{t('form.photos')}</Text>
                {(keep.length > 0 || photos.length > 0) && (
                  <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                    {keep.map((id, index) => (
                      <Card key={id} withBorder padding="xs" radius="md">
                        <MediaImage id={id} alt={t('form.photoAlt', { number: index + 1 })} height={96} />
                        <Group justify="flex-end" mt={4}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="xl"
                            aria-label={t('form.remove', { name: t('form.photoAlt', { number: index + 1 }) })}
                            onClick={() => setKeep((ids) => ids.filter((other) => other !== id))}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Card>
                    ))}
                    {photos.map((photo) => (
                      <NewFileCard
                        key={photo.key}
                        file={photo.file}
                        previewUrl={photo.previewUrl}
                        newLabel={t('form.new')}
                        removeLabel={t('form.remove', { name: photo.file.name })}
                        onRemove={() => removePhoto(photo.key)}
                      />
                    ))}
                  </SimpleGrid>
                )}
                {room > 0 && (
                  <FileDropzone
                    label={t('form.dropzone')}
                    helpId={dropzoneHelpId}
                    idleIcon={IconPhoto}
                    onDrop={addPhotos}
                    onReject={reject}
                    maxSize={mediaLimits.imageMaxBytes}
                    maxFiles={room}
                    accept={dropzoneAccept}
                    multiple
                  />
                )}
                <Text size="sm" c="dimmed" id={dropzoneHelpId}>
                  {t('form.dropzoneHelp', {
                    count: marketLimits.photosMax,
                    size: mediaLimits.imageMaxBytes / megabyte,
                  })}
                </Text>
                {photoError.map((message) => (
                  <Text key={message} c="red" size="sm" role="alert">
                    {message}
                  </Text>
                ))}
                <Text size="xs" c="dimmed">
                  {t('form.photoCount', { count: total, max: marketLimits.photosMax })}
                </Text>
              </Stack>
            </Stack>
          </fieldset>
          <SavingProgress
            pending={save.isPending}
            label={photos.length > 0 ? t('form.uploading') : t('form.saving')}
          />
          <Button type="submit" size="md" fullWidth loading={save.isPending}>
            {offer ? t('form.save') : t('form.create')}
          </Button>
        </Stack>
      </form>
    </DatesProvider>
  );
}
