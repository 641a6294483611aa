import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useMemberSearch } from './api/member-lookup';

/** A chosen member: the id the API wants and the name the manager reads. */
export interface MemberChoice {
  id: number;
  name: string;
}

/**
 * Choose one member by typing part of a name or e-mail: the bank's own member search (approved members,
 * 20 at a time, by name), asked of the server as the manager types. A BankManager needs no other role.
 */
export function MemberSelect({
  label,
  description,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  description?: string;
  value: MemberChoice | null;
  onChange: (member: MemberChoice | null) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Typing the chosen name back into the box is not a new search.
  const asked = value && debounced === value.name ? '' : debounced;
  const query = useMemberSearch(asked);
  const options = (query.data ?? []).map((member) => ({ value: String(member.userId), label: member.name }));
  if (value && !options.some((option) => option.value === String(value.id)))
    options.unshift({ value: String(value.id), label: value.name });
  return (
    <Select
      label={label}
      description={query.isError ? errorText(query.error) : description}
      placeholder={t('member.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      searchable
      clearable
      required={required}
      error={error}
      data={options}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters (first or last name, e-mail); the box shows what it answered.
      filter={({ options: all }) => all}
      onChange={(id, option) => onChange(id ? { id: Number(id), name: option.label } : null)}
      nothingFoundMessage={query.isFetching ? t('member.searching') : t('member.none')}
      clearButtonProps={{ 'aria-label': t('member.clear') }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
