import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFileSpreadsheet, IconPlant2, IconSearch } from '@tabler/icons-react';
import type { CropListItem } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ManagerList } from '../../../components/manager-list';
import { useCrops } from '../api/crops';
import { CropImport } from './crop-import';

function CropCard({ crop, to }: { crop: CropListItem; to: string }) {
  const { t } = useTranslation('harvest');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="pluk-wrap" style={{ minWidth: 0 }}>
            {crop.name}
          </Text>
          <Badge color={crop.isActive ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {crop.isActive ? t('crop.active') : t('crop.disabled')}
          </Badge>
        </Group>
        {crop.hint && (
          <Text size="sm" className="pluk-wrap">
            {crop.hint}
          </Text>
        )}
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {crop.fields.length > 0
            ? t('crop.fieldsList', { names: crop.fields.map((field) => field.name).join(', ') })
            : t('crop.noFields')}
          {' · '}
          {t('crop.pickableCount', { count: crop.pickableCount })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Every crop (article) of the farm for the CropManager, searchable by name, with a button for a new one
 * and the spreadsheet import.
 */
export function CropList({ hrefOf, newHref }: { hrefOf: (id: number) => string; newHref: string }) {
  const { t } = useTranslation('harvest');
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 300);
  const [importOpen, importToggle] = useDisclosure(false);
  const query = useCrops(filter);
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('crop.search')}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: 1, minWidth: 'min(12rem, 100%)' }}
        />
        <Button
          variant={importOpen ? 'filled' : 'light'}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          aria-expanded={importOpen}
          onClick={importToggle.toggle}
          size="md"
        >
          {t('import.open')}
        </Button>
      </Group>
      {importOpen && <CropImport onClose={importToggle.close} />}
      <ManagerList
        query={query}
        newHref={newHref}
        newLabel={t('crop.new')}
        empty={
          filter
            ? { icon: IconSearch, title: t('crop.noMatchTitle'), text: t('crop.noMatchText') }
            : { icon: IconPlant2, title: t('crop.emptyTitle'), text: t('crop.emptyText') }
        }
      >
        {(crops) => crops.map((crop) => <CropCard key={crop.id} crop={crop} to={hrefOf(crop.id)} />)}
      </ManagerList>
    </Stack>
  );
}
