import {
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLanguage, IconSearch } from '@tabler/icons-react';
import { translationLimits, type TranslationEntry } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useUrlFilters } from '../../../lib/url-filters';
import { useAppInfo } from '../../info/api/get-app-info';
import { useResetTranslation } from '../api/change-translation';
import { useTranslations } from '../api/get-translations';
import type { TranslationFilters } from '../api/keys';
import { ReadableText, readablePlain } from './readable-text';
import { ReplaceWord } from './replace-word';
import { bundledFor, TextDialog } from './text-dialog';

const nameOf = (entry: TranslationEntry) => `${entry.namespace}:${entry.key}`;

function Labeled({ label, children }: { label: string; children: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
        <ReadableText text={children} />
      </Text>
    </Stack>
  );
}

/**
 * One text as members see it (decision 094): the farm's own wording, else the bundled one of its variant,
 * with invulvelden in words; the part of the app it belongs to in small print, and the standard wording
 * beside an own one.
 */
function TextCard({
  entry,
  cooperative,
  onEdit,
  onReset,
}: {
  entry: TranslationEntry;
  cooperative: boolean;
  onEdit: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('translation');
  const bundled = bundledFor(entry, cooperative);
  const seen = entry.override ?? bundled;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
          <Text fw={600} className="pluk-wrap" style={{ minWidth: 0, whiteSpace: 'pre-line' }}>
            <ReadableText text={seen} />
          </Text>
          {entry.override !== null && (
            <Badge color="brand" variant="light" style={{ flexShrink: 0 }}>
              {t('overridden')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" className="pluk-wrap">
          {t('where', { namespace: entry.namespace })}
        </Text>
        {entry.override !== null && <Labeled label={t('bundled')}>{bundled}</Labeled>}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={onEdit}
            aria-label={t('editLabel', { text: readablePlain(t, seen) })}
          >
            {t('edit')}
          </Button>
          {entry.override !== null && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onReset}
              aria-label={t('resetLabel', { text: readablePlain(t, seen) })}
            >
              {t('reset')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function TextRows({ filters, filtered }: { filters: TranslationFilters; filtered: boolean }) {
  const { t } = useTranslation('translation');
  const cooperative = useAppInfo()?.localeVariant === 'nl-be-cooperative';
  const query = useTranslations(filters);
  const reset = useResetTranslation();
  const [editing, setEditing] = useState<TranslationEntry | null>(null);
  const [resetting, setResetting] = useState<TranslationEntry | null>(null);
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.isFetchNextPageError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, nameOf);
  const closeReset = () => {
    setResetting(null);
    reset.reset();
  };
  return (
    <>
      {items.length === 0 ? (
        filters.overridden && !filtered ? (
          <EmptyState icon={IconLanguage} title={t('noOverridesTitle')} text={t('noOverridesText')} />
        ) : (
          <EmptyState icon={IconSearch} color="gray" title={t('emptyTitle')} text={t('emptyText')} />
        )
      ) : (
        <Stack gap="sm" aria-busy={query.isPlaceholderData}>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('label')}>
            {items.map((entry) => (
              <TextCard
                key={nameOf(entry)}
                entry={entry}
                cooperative={cooperative}
                onEdit={() => setEditing(entry)}
                onReset={() => setResetting(entry)}
              />
            ))}
          </Stack>
          <LoadMore query={query} shown={items.length} />
        </Stack>
      )}
      <TextDialog entry={editing} cooperative={cooperative} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={resetting !== null}
        onClose={closeReset}
        title={t('resetTitle')}
        text={
          resetting
            ? t('resetText', { own: resetting.override ?? '', text: bundledFor(resetting, cooperative) })
            : ''
        }
        confirmLabel={t('reset')}
        color="red"
        pending={reset.isPending}
        error={reset.error}
        onConfirm={() => {
          if (!resetting || reset.isPending) return;
          reset.mutate(
            { namespace: resetting.namespace, key: resetting.key },
            {
              onSuccess: () => {
                notifications.show({ color: 'brand', message: t('resetDone') });
                closeReset();
              },
            },
          );
        }}
      />
    </>
  );
}

/**
 * The Admin's texts (decision 083): every bundled text, searchable, by part of the app, or only the ones
 * the farm words differently; each with the bundled nl-be text, the cooperative one where it differs and
 * the farm's own. The filters live in the address (?q=&onderdeel=&aangepast=1).
 */
export function TranslationList() {
  const { t } = useTranslation('translation');
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  const namespace = params.get('onderdeel');
  const overridden = params.get('aangepast') === '1';
  const filters: TranslationFilters = { search: debouncedSearch, namespace, overridden };
  // The choices come with every page; the first page of the unfiltered list names them all.
  const namespaces = useTranslations({ search: '', namespace: null, overridden: false }).data?.pages[0]
    ?.namespaces;
  return (
    <Stack gap="sm">
      <Text className="pluk-wrap">{t('intro')}</Text>
      <ReplaceWord />
      <Stack gap="xs" role="search" aria-label={t('filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            type="search"
            label={t('search')}
            description={t('searchHelp')}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={translationLimits.searchMax}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('namespace')}
            value={namespace ?? 'all'}
            onChange={(event) => setFilter('onderdeel', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('namespaceAll') },
              ...(namespaces ?? (namespace ? [namespace] : [])).map((value) => ({ value, label: value })),
            ]}
          />
        </SimpleGrid>
        <Checkbox
          label={t('onlyOverridden')}
          checked={overridden}
          onChange={(event) => setFilter('aangepast', event.currentTarget.checked ? '1' : 'all')}
        />
      </Stack>
      <TextRows filters={filters} filtered={debouncedSearch !== '' || namespace !== null} />
    </Stack>
  );
}
