import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFileSpreadsheet, IconPlant2, IconSearch } from '@tabler/icons-react';
import type { CropListItem } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizeSelect, useSelection, type PageSize } from '../../../components/data-table';
import { ManagerList } from '../../../components/manager-list';
import { useCrops } from '../api/crops';
import { CropBulk } from './crop-bulk';
import { CropImport } from './crop-import';
import { CropsTable } from './crops-table';

/**
 * Every crop (article) of the farm for the CropManager, searchable by name, with a button for a new one
 * and the spreadsheet import; a table on a laptop, cards on a phone, many at once (ADR 096).
 */
export function CropList({ hrefOf, newHref }: { hrefOf: (id: number) => string; newHref: string }) {
  const { t } = useTranslation('harvest');
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 300);
  const [importOpen, importToggle] = useDisclosure(false);
  const [pageSize, setPageSize] = useState<PageSize>(25);
  const query = useCrops(filter, pageSize);
  const selection = useSelection<CropListItem>();
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
        <PageSizeSelect value={pageSize} onChange={setPageSize} />
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
      <CropBulk selection={selection} />
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
        {(crops) => <CropsTable crops={crops} selection={selection} hrefOf={hrefOf} />}
      </ManagerList>
    </Stack>
  );
}
