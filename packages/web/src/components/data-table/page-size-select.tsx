import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Rows per page a manager can choose in every back-office list (ADR 096: 25–100). */
export const pageSizes = [25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

/** A page size from the address or a select's value, 25 unless it is one of the choices. */
export function pageSizeOf(value: string | number | null | undefined): PageSize {
  return pageSizes.find((size) => String(size) === String(value)) ?? 25;
}

/** "Rijen per pagina": 25, 50 or 100. */
export function PageSizeSelect({
  value,
  onChange,
  label,
}: {
  value: PageSize;
  onChange: (size: PageSize) => void;
  /** Another wording than the shared one. */
  label?: string;
}) {
  const { t } = useTranslation('lists');
  return (
    <NativeSelect
      label={label ?? t('dataTable.rowsPerPage')}
      value={String(value)}
      onChange={(event) => onChange(pageSizeOf(event.currentTarget.value))}
      data={pageSizes.map((size) => String(size))}
    />
  );
}
