import { Button, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { reminderScheduleBodySchema, type ReminderSchedule } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../../lib/form';
import { useReminderSchedule, useSaveReminderSchedule } from '../../manager/api/reopen-and-bulk';
import { notifySuccess } from '../../manager/notify';

function ScheduleForm({ schedule }: { schedule: ReminderSchedule }) {
  const { t } = useTranslation('bankAdmin');
  const errorText = useErrorText();
  const save = useSaveReminderSchedule();
  const { ref, focusError } = useFocusError();
  const form = useForm<ReminderSchedule>({
    mode: 'uncontrolled',
    initialValues: schedule,
    validate: zodValidate<ReminderSchedule>(reminderScheduleBodySchema, (values) => values),
  });
  const submit = form.onSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) =>
        notifySuccess(saved.enabled ? t('schedule.savedOn', saved) : t('schedule.savedOff')),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);
  const namesNoField = save.isError && Object.keys(fieldErrors(save.error)).length === 0;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        {namesNoField && <FormError>{errorText(save.error)}</FormError>}
        <Switch
          size="md"
          label={t('schedule.enabled')}
          description={t('schedule.enabledHelp')}
          classNames={{ description: 'pluk-wrap', label: 'pluk-wrap' }}
          key={form.key('enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <NumberInput
            label={t('schedule.firstAfterDays')}
            min={1}
            max={365}
            allowDecimal={false}
            suffix={` ${t('schedule.days')}`}
            key={form.key('firstAfterDays')}
            {...form.getInputProps('firstAfterDays')}
          />
          <NumberInput
            label={t('schedule.everyDays')}
            min={1}
            max={365}
            allowDecimal={false}
            suffix={` ${t('schedule.days')}`}
            key={form.key('everyDays')}
            {...form.getInputProps('everyDays')}
          />
          <NumberInput
            label={t('schedule.maxCount')}
            min={1}
            max={10}
            allowDecimal={false}
            key={form.key('maxCount')}
            {...form.getInputProps('maxCount')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('schedule.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * When reminders go out by themselves (ADR 093): N days after the due date, then every M days, at most
 * K; each one mail through the queue, in the transaction's history. A member can be paused on their page.
 */
export function ReminderScheduleForm() {
  const { t } = useTranslation('bankAdmin');
  const titleId = useId();
  const query = useReminderSchedule();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('schedule.title')}
      </Title>
      <Text size="sm" c="dimmed" className="pluk-wrap">
        {t('schedule.intro')}
      </Text>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ScheduleForm schedule={query.data} />
      )}
    </Stack>
  );
}
