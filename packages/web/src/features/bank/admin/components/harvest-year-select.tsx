import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The harvest year a bank action works on: last year (late payers), this year or next year (the run
 * before the season). A native select: one control that every phone and screen reader knows.
 */
export function HarvestYearSelect({
  currentHarvestYear,
  value,
  onChange,
}: {
  currentHarvestYear: number;
  value: number;
  onChange: (harvestYear: number) => void;
}) {
  const { t } = useTranslation('bankAdmin');
  const years = [currentHarvestYear - 1, currentHarvestYear, currentHarvestYear + 1];
  const label = (year: number) =>
    year === currentHarvestYear
      ? t('harvestYear.current', { year })
      : year > currentHarvestYear
        ? t('harvestYear.next', { year })
        : t('harvestYear.last', { year });
  return (
    <NativeSelect
      label={t('harvestYear.label')}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data={years.map((year) => ({ value: String(year), label: label(year) }))}
      style={{ maxWidth: '20rem' }}
    />
  );
}
