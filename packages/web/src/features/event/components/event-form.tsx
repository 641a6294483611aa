import '@mantine/dates/styles.css';
import 'dayjs/locale/nl';
import { Button, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useForm } from '@mantine/form';
import {
  eventInputSchema,
  eventLimits,
  type EventInput,
  type ManagedEventDetail,
  type UpdateEventBody,
} from '@pluk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useSaveEvent } from '../api/manage-events';

/** The picker's value: local 'YYYY-MM-DD HH:mm:ss', or null. */
type PickerValue = string | null;

export interface EventFormValues {
  title: string;
  description: string;
  location: string;
  startDate: PickerValue;
  endDate: PickerValue;
  /** Empty = unlimited. */
  capacity: number | string;
}

const pickerFormat = 'YYYY-MM-DD HH:mm:ss';

function toPicker(iso: string): PickerValue {
  const date = dayjs(iso);
  return date.isValid() ? date.format(pickerFormat) : null;
}

/** Form values → the contract's body: dates as ISO 8601 with offset, an empty capacity as null. */
export function toEventInput(values: EventFormValues): EventInput {
  const iso = (value: PickerValue) => (value ? dayjs(value).toISOString() : '');
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    startDate: iso(values.startDate),
    endDate: iso(values.endDate),
    capacity: values.capacity === '' ? null : Number(values.capacity),
  };
}

function initialValues(event?: ManagedEventDetail): EventFormValues {
  if (!event) {
    // A new event starts a week from now, in the afternoon, 14 to 17: the manager changes what differs.
    const start = dayjs().add(7, 'day').hour(14).minute(0).second(0);
    return {
      title: '',
      description: '',
      location: '',
      startDate: start.format(pickerFormat),
      endDate: start.hour(17).format(pickerFormat),
      capacity: '',
    };
  }
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: toPicker(event.startDate),
    endDate: toPicker(event.endDate),
    capacity: event.capacity ?? '',
  };
}

/** Create or edit an event (EventManager); the contract's rules give the Dutch messages. */
export function EventForm({
  event,
  onSaved,
}: {
  event?: ManagedEventDetail;
  onSaved: (saved: ManagedEventDetail) => void;
}) {
  const { t } = useTranslation(['events', 'common']);
  const errorText = useErrorText();
  const save = useSaveEvent();
  const { ref, focusError } = useFocusError();
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: initialValues(event),
    validate: zodValidate(eventInputSchema, toEventInput),
  });

  const pickerProps: Partial<DateTimePickerProps> = {
    // No past days for a new event, nor for one that has not started yet; an event under way or over
    // keeps its dates as they are.
    minDate: event?.hasStarted ? undefined : dayjs().format('YYYY-MM-DD'),
    size: 'md',
    valueFormat: 'dddd D MMMM YYYY, HH:mm',
    placeholder: t('form.pickDateTime'),
    clearable: true,
    clearButtonProps: { 'aria-label': t('form.clear') },
    nextLabel: t('form.nextMonth'),
    previousLabel: t('form.previousMonth'),
    timePickerProps: {
      hoursInputLabel: t('form.hours'),
      minutesInputLabel: t('form.minutes'),
    },
    submitButtonProps: { 'aria-label': t('form.confirmDateTime') },
    // A full-screen dialog on phones is easier to tap than a popover.
    dropdownType: 'modal',
  };

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    const input = toEventInput(values);
    const body: EventInput | UpdateEventBody = event ? { ...input, id: event.id } : input;
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);

  return (
    <DatesProvider settings={{ locale: 'nl', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.title')}
            required
            maxLength={eventLimits.titleMax}
            size="md"
            {...form.getInputProps('title')}
          />
          <DateTimePicker
            label={t('form.start')}
            required
            {...pickerProps}
            modalProps={{ title: t('form.start') }}
            // Only once the start was cleared: the picker's own time would win over the value's.
            defaultTimeValue={form.getValues().startDate ? undefined : '14:00'}
            {...form.getInputProps('startDate')}
            onChange={(value) => {
              const { startDate: previousStart, endDate: end } = form.getValues();
              form.setFieldValue('startDate', value);
              if (!value) return;
              // A new start moves the end along, keeping the event's length; without a (valid) end,
              // propose one two hours later.
              const length =
                previousStart && end && dayjs(end).isAfter(dayjs(previousStart))
                  ? dayjs(end).diff(dayjs(previousStart), 'minute')
                  : 120;
              form.setFieldValue('endDate', dayjs(value).add(length, 'minute').format(pickerFormat));
            }}
          />
          <DateTimePicker
            label={t('form.end')}
            required
            {...pickerProps}
            modalProps={{ title: t('form.end') }}
            defaultTimeValue={form.getValues().endDate ? undefined : '17:00'}
            defaultDate={form.getValues().startDate ?? undefined}
            {...form.getInputProps('endDate')}
          />
          <TextInput
            label={t('form.location')}
            placeholder={t('form.locationPlaceholder')}
            maxLength={eventLimits.locationMax}
            size="md"
            {...form.getInputProps('location')}
          />
          <NumberInput
            label={t('form.capacity')}
            description={t('form.capacityHelp')}
            placeholder={t('form.capacityPlaceholder')}
            min={eventLimits.capacityMin}
            max={eventLimits.capacityMax}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            size="md"
            {...form.getInputProps('capacity')}
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={eventLimits.descriptionMax}
            size="md"
            {...form.getInputProps('description')}
          />
          {save.isError && <FormError>{errorText(save.error)}</FormError>}
          <Button type="submit" size="md" fullWidth loading={save.isPending}>
            {event ? t('form.save') : t('form.create')}
          </Button>
        </Stack>
      </form>
    </DatesProvider>
  );
}
