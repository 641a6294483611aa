import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/errors';
import { useErrorText } from '../../../lib/form';
import { useMemberSearch } from './api/member-lookup';

/** A chosen member: the id the API wants and the name the manager reads. */
export interface MemberChoice {
  id: number;
  name: string;
}

/**
 * Choose one member by typing part of a name or e-mail: the users' paged search (as the subscription's
 * "Leden toevoegen" picker), 20 at a time, asked of the server as the manager types.
 */
export function MemberSelect({
  label,
  description,
  value,
  onChange,
  onlyActive,
  error,
  required,
  hideWhenForbidden = false,
}: {
  label: string;
  description?: string;
  value: MemberChoice | null;
  onChange: (member: MemberChoice | null) => void;
  /** Only approved, active members (who can have a subscription); all of them when filtering the list. */
  onlyActive: boolean;
  error?: string;
  required?: boolean;
  /**
   * Leave the field out when the manager may not list members (the users are the ApplicationManager's):
   * for an optional filter; where a member must be chosen, the server's reason is shown instead.
   */
  hideWhenForbidden?: boolean;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // Typing the chosen name back into the box is not a new search.
  const asked = value && debounced === value.name ? '' : debounced;
  const query = useMemberSearch(asked, { onlyActive });
  const options = (query.data?.items ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.firstName} ${user.lastName}`,
  }));
  if (hideWhenForbidden && isApiError(query.error) && query.error.status === 403) return null;
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
      // The server filters (name, e-mail, username); the box shows what it answered.
      filter={({ options: all }) => all}
      onChange={(id, option) => onChange(id ? { id: Number(id), name: option.label } : null)}
      nothingFoundMessage={query.isFetching ? t('member.searching') : t('member.none')}
      clearButtonProps={{ 'aria-label': t('member.clear') }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
