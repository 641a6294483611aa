import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { CropListItem } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { byNumber, byText, DataTable, type Column, type Selection } from '../../../components/data-table';

const fieldNames = (crop: CropListItem) => crop.fields.map((field) => field.name).join(', ');

function ActiveBadge({ crop }: { crop: CropListItem }) {
  const { t } = useTranslation('harvest');
  return (
    <Badge color={crop.isActive ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {crop.isActive ? t('crop.active') : t('crop.disabled')}
    </Badge>
  );
}

function CropCard({ crop, to }: { crop: CropListItem; to: string }) {
  const { t } = useTranslation('harvest');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="pluk-wrap" style={{ minWidth: 0 }}>
            {crop.name}
          </Text>
          <ActiveBadge crop={crop} />
        </Group>
        {crop.hint && (
          <Text size="sm" className="pluk-wrap">
            {crop.hint}
          </Text>
        )}
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {crop.fields.length > 0 ? t('crop.fieldsList', { names: fieldNames(crop) }) : t('crop.noFields')}
          {' · '}
          {t('crop.pickableCount', { count: crop.pickableCount })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The crops (ADR 096): a table on a laptop (name, fields, unit, for how many subscriptions pickable,
 * state; the loaded rows sort), a card per crop on a phone, a checkbox each.
 */
export function CropsTable({
  crops,
  selection,
  hrefOf,
}: {
  crops: CropListItem[];
  selection: Selection<CropListItem>;
  hrefOf: (id: number) => string;
}) {
  const { t } = useTranslation('harvest');
  const columns: Column<CropListItem>[] = [
    {
      key: 'name',
      label: t('cropTable.name'),
      sort: byText((crop) => crop.name),
      cell: (crop) => (
        <Text
          component={Link}
          to={hrefOf(crop.id)}
          fw={600}
          c="var(--mantine-primary-color-filled)"
          className="pluk-wrap"
        >
          {crop.name}
        </Text>
      ),
    },
    {
      key: 'fields',
      label: t('cropTable.fields'),
      sort: byText(fieldNames),
      cell: (crop) => (
        <span className="pluk-wrap">{crop.fields.length > 0 ? fieldNames(crop) : t('crop.noFields')}</span>
      ),
    },
    { key: 'unit', label: t('cropTable.unit'), sort: byText((crop) => crop.unit), cell: (crop) => crop.unit },
    {
      key: 'pickable',
      label: t('cropTable.pickable'),
      numeric: true,
      sort: byNumber((crop) => crop.pickableCount),
      cell: (crop) => crop.pickableCount,
    },
    {
      key: 'state',
      label: t('cropTable.state'),
      sort: byNumber((crop) => (crop.isActive ? 0 : 1)),
      cell: (crop) => <ActiveBadge crop={crop} />,
    },
  ];
  return (
    <DataTable
      rows={crops}
      columns={columns}
      label={t('cropTable.label')}
      card={(crop) => <CropCard crop={crop} to={hrefOf(crop.id)} />}
      selection={{
        selected: selection.ids,
        onSelect: selection.onSelect,
        pageLabel: t('cropTable.selectPage'),
        rowLabel: (crop) => t('cropTable.select', { name: crop.name }),
      }}
    />
  );
}
