import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MailableMember } from '@pluk/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberSearch } from '../api/search-members';

/**
 * The searchable member list both pickers share: what the server found for the typed name, plus the
 * members chosen before (whose names stay known while another name is searched).
 */
function useMemberOptions() {
  const { t } = useTranslation('communication');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useMemberSearch(debounced);
  const known = useRef(new Map<string, MailableMember>());
  for (const member of query.data ?? []) known.current.set(String(member.id), member);
  const labelOf = (member: MailableMember) =>
    member.receiveEmails ? member.name : t('compose.optedOutMember', { name: member.name });
  const options = (chosen: string[]) => {
    const ids = new Set([...(query.data ?? []).map((m) => String(m.id)), ...chosen]);
    return [...ids]
      .map((id) => known.current.get(id))
      .filter((m): m is MailableMember => m !== undefined)
      .map((m) => ({ value: String(m.id), label: labelOf(m) }));
  };
  return { search, setSearch, options };
}

/** Chooses several members by name (the "chosen members" audience). */
export function MembersPicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('communication');
  const { search, setSearch, options } = useMemberOptions();
  const chosen = value.map(String);
  return (
    <MultiSelect
      label={t('compose.members')}
      placeholder={t('compose.membersSearch')}
      data={options(chosen)}
      value={chosen}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      error={error}
      withAsterisk
      size="md"
    />
  );
}

/** Chooses one member (whose data fills a template's preview); empty is the manager themself. */
export function MemberPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation('communication');
  const { search, setSearch, options } = useMemberOptions();
  const chosen = value === null ? [] : [String(value)];
  return (
    <Select
      label={t('templates.member')}
      placeholder={t('templates.memberPlaceholder')}
      data={options(chosen)}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id ? Number(id) : null)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      size="md"
    />
  );
}
