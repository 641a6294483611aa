import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Button, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { taskInputSchema, taskLimits, type ManagerTaskDetail, type TaskInput } from '@pluk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useCreateTask, useUpdateTask } from '../api/manager-tasks';

/** Date-times as the picker keeps them: local 'YYYY-MM-DD HH:mm:ss'. */
const pickerFormat = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  title: string;
  description: string;
  location: string;
  startsAt: string | null;
  endsAt: string | null;
  places: number | string;
  creditsPerPerson: number | string;
}

function toInput(values: Values): Record<string, unknown> {
  const iso = (value: string | null) => (value && dayjs(value).isValid() ? dayjs(value).toISOString() : '');
  return {
    title: values.title,
    description: values.description,
    location: values.location,
    startsAt: iso(values.startsAt),
    endsAt: iso(values.endsAt),
    places: values.places === '' ? undefined : Number(values.places),
    creditsPerPerson: values.creditsPerPerson === '' ? undefined : Number(values.creditsPerPerson),
  };
}

function initialValues(task?: ManagerTaskDetail): Values {
  if (task) {
    return {
      title: task.title,
      description: task.description,
      location: task.location,
      startsAt: dayjs(task.startsAt).format(pickerFormat),
      endsAt: dayjs(task.endsAt).format(pickerFormat),
      places: task.places,
      creditsPerPerson: task.creditsPerPerson,
    };
  }
  // A new chore starts tomorrow morning, 9 to 12: the manager changes what differs.
  const start = dayjs().add(1, 'day').hour(9).minute(0).second(0);
  return {
    title: '',
    description: '',
    location: '',
    startsAt: start.format(pickerFormat),
    endsAt: start.hour(12).format(pickerFormat),
    places: 1,
    creditsPerPerson: 1,
  };
}

/** Create or edit a chore; the contract's rules give the Dutch messages per field. */
export function TaskForm({
  task,
  onSaved,
}: {
  task?: ManagerTaskDetail;
  onSaved: (saved: ManagerTaskDetail) => void;
}) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const create = useCreateTask();
  const update = useUpdateTask();
  const mutation = task ? update : create;
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: initialValues(task),
    validate: zodValidate(taskInputSchema, toInput),
  });

  const submit = form.onSubmit((values) => {
    if (mutation.isPending) return;
    const input = taskInputSchema.parse(toInput(values)) as TaskInput;
    const options = {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    };
    if (task) update.mutate({ ...input, id: task.id }, options);
    else create.mutate(input, options);
  }, focusError);

  // No past days for a new chore, nor for one that has not started yet; one under way or over keeps
  // its dates as they are.
  const minDate = task?.hasStarted ? undefined : dayjs().format('YYYY-MM-DD');
  const serverFields = Object.keys(fieldErrors(mutation.error)).length > 0;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          {mutation.isError && !serverFields && <FormError>{errorText(mutation.error)}</FormError>}
          <TextInput
            label={t('form.title')}
            required
            maxLength={taskLimits.titleMax}
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={3}
            maxLength={taskLimits.descriptionMax}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('form.location')}
            description={t('form.locationHelp')}
            maxLength={taskLimits.locationMax}
            key={form.key('location')}
            {...form.getInputProps('location')}
          />
          <DateTimePicker
            label={t('form.startsAt')}
            minDate={minDate}
            required
            valueFormat="dd D MMMM YYYY, HH:mm"
            dropdownType="modal"
            key={form.key('startsAt')}
            {...form.getInputProps('startsAt')}
          />
          <DateTimePicker
            label={t('form.endsAt')}
            minDate={minDate}
            required
            valueFormat="dd D MMMM YYYY, HH:mm"
            dropdownType="modal"
            key={form.key('endsAt')}
            {...form.getInputProps('endsAt')}
          />
          <NumberInput
            label={t('form.places')}
            required
            min={taskLimits.placesMin}
            max={taskLimits.placesMax}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            key={form.key('places')}
            {...form.getInputProps('places')}
          />
          <NumberInput
            label={t('form.creditsPerPerson')}
            required
            min={taskLimits.creditsMin}
            max={taskLimits.creditsMax}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            hideControls
            key={form.key('creditsPerPerson')}
            {...form.getInputProps('creditsPerPerson')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {task ? t('form.save') : t('form.create')}
          </Button>
        </Stack>
      </form>
    </DatesProvider>
  );
}
