import { Button, Fieldset, Group, NativeSelect, TextInput } from '@mantine/core';
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
  const field = (name: 'from' | 'to') => ({
    type: 'date',
    label: t(`range.${name}`),
    value: draft[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [name]: event.currentTarget.value }),
  });

  return (
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
          <TextInput {...field('from')} w={{ base: '100%', xs: 170 }} />
          <TextInput {...field('to')} w={{ base: '100%', xs: 170 }} />
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
  );
}
