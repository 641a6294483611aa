import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Button, Fieldset, Group, NativeSelect } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { analystBuckets, analystQuerySchema, type AnalystBucket } from '@pluk/contract';
import { useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { presetOf, presetRange, type AnalystRangeValue, type PresetName } from '../range-presets';

const validate = zodValidate<AnalystRangeValue>(analystQuerySchema);
const presets: PresetName[] = ['harvestYear', 'last30', 'lastYear'];

/**
 * The range of the analyst's charts: from, to (farm days, both included) and per day, week or month,
 * checked with the contract's schema (the server's Dutch messages); and the quick ranges.
 */
export function RangeForm({
  value,
  harvestYear,
  onChange,
}: {
  value: AnalystRangeValue;
  harvestYear: { startsOn: string; endsOn: string };
  onChange: (range: AnalystRangeValue) => void;
}) {
  const { t } = useTranslation('analyst');
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<FormErrors>({});
  const { ref, focusError } = useFocusError();
  const [shown, setShown] = useState(value);
  // A new range from outside (a preset, the URL) replaces the draft.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setErrors({});
  }
  const chosen = presetOf(value, harvestYear);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) focusError();
    else onChange(draft);
  };
  // The Dutch date pickers of the other screens (decision 091): "za 1 maart 2025", weeks from Monday,
  // a calendar in a dialog on a phone; the value stays a farm day YYYY-MM-DD.
  const field = (name: 'from' | 'to') => ({
    label: t(`range.${name}`),
    value: draft[name],
    error: errors[name],
    valueFormat: 'dd D MMMM YYYY',
    dropdownType: 'modal' as const,
    // The calendar's dialog is named after its field (axe: aria-dialog-name).
    modalProps: { title: t(`range.${name}`) },
    ariaLabels: {
      previousMonth: t('range.previousMonth'),
      nextMonth: t('range.nextMonth'),
      previousYear: t('range.previousYear'),
      nextYear: t('range.nextYear'),
      previousDecade: t('range.previousDecade'),
      nextDecade: t('range.nextDecade'),
    },
    onChange: (value: string | null) => setDraft({ ...draft, [name]: value ?? '' }),
  });

  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={ref} onSubmit={submit} noValidate>
        {/* A fieldset is min-content wide by default: it would push the page sideways at 200 % text. */}
        <Fieldset legend={t('range.legend')} variant="unstyled" miw={0}>
          <Group gap="xs" mb="sm" role="group" aria-label={t('range.presets')}>
            {presets.map((name) => (
              <Button
                key={name}
                size="xs"
                variant={chosen === name ? 'filled' : 'default'}
                aria-pressed={chosen === name}
                onClick={() => onChange(presetRange(name, harvestYear))}
              >
                {t(`range.${name}`)}
              </Button>
            ))}
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DatePickerInput {...field('from')} w={{ base: '100%', xs: 190 }} />
            <DatePickerInput {...field('to')} w={{ base: '100%', xs: 190 }} />
            <NativeSelect
              label={t('range.bucket')}
              value={draft.bucket}
              error={errors.bucket}
              w={{ base: '100%', xs: 130 }}
              data={analystBuckets.map((bucket) => ({ value: bucket, label: t(`range.buckets.${bucket}`) }))}
              onChange={(event) => setDraft({ ...draft, bucket: event.currentTarget.value as AnalystBucket })}
            />
            <Button type="submit">{t('range.show')}</Button>
          </Group>
        </Fieldset>
      </form>
    </DatesProvider>
  );
}
