import {
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBasket } from '@tabler/icons-react';
import {
  harvestLimits,
  updateAvailabilityBodySchema,
  type PlukOverview,
  type UpdateAvailabilityBody,
} from '@pluk/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { usePlukOverview, useUpdateAvailabilities } from '../api/pluk';
import { cellOf } from './pluk-list';

interface Cell {
  isPickable: boolean;
  amountPerShare: string;
}
type Grid = Record<string, Cell>;
const keyOf = (cropId: number, subscriptionId: number) => `${cropId}:${subscriptionId}`;

function gridOf(overview: PlukOverview): Grid {
  const grid: Grid = {};
  for (const crop of overview.crops)
    for (const subscription of overview.subscriptions) {
      const cell = cellOf(overview, crop.id, subscription.id);
      grid[keyOf(crop.id, subscription.id)] = {
        isPickable: cell?.isPickable ?? false,
        amountPerShare: cell?.amountPerShare ?? '',
      };
    }
  return grid;
}

interface CellProps {
  crop: { id: number; name: string };
  subscription: { id: number; name: string };
  cell: Cell;
  error?: string;
  onChange: (patch: Partial<Cell>) => void;
  /** Show the subscription's name next to the checkbox (the phone's cards). */
  withName: boolean;
}

function CellInputs({ crop, subscription, cell, error, onChange, withName }: CellProps) {
  const { t } = useTranslation('harvest');
  const names = { crop: crop.name, subscription: subscription.name };
  return (
    <Stack gap={4}>
      <Checkbox
        label={withName ? subscription.name : t('pluk.pickable')}
        aria-label={t('pluk.gridPickable', names)}
        checked={cell.isPickable}
        onChange={(event) => onChange({ isPickable: event.currentTarget.checked })}
      />
      <TextInput
        id={`cell-${keyOf(crop.id, subscription.id)}`}
        aria-label={t('pluk.gridAmount', names)}
        placeholder={t('pluk.amountPlaceholder')}
        maxLength={harvestLimits.amountPerShareMax}
        value={cell.amountPerShare}
        error={error}
        size="sm"
        onChange={(event) => onChange({ amountPerShare: event.currentTarget.value })}
      />
    </Stack>
  );
}

function OverviewGrid({ overview }: { overview: PlukOverview }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const wide = useMediaQuery('(min-width: 62em)');
  const save = useUpdateAvailabilities();
  const [saved, setSaved] = useState(() => gridOf(overview));
  const [grid, setGrid] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refetch (another tab, the window's focus) may bring a crop or subscription the grid was not made
  // with: such a cell is what the server says until it is changed here.
  const fresh = useMemo(() => gridOf(overview), [overview]);
  const cellIn = (state: Grid, key: string): Cell => state[key] ?? fresh[key]!;
  const change = (key: string, patch: Partial<Cell>) =>
    setGrid((current) => ({ ...current, [key]: { ...cellIn(current, key), ...patch } }));

  const changes: UpdateAvailabilityBody[] = [];
  for (const crop of overview.crops)
    for (const subscription of overview.subscriptions) {
      const key = keyOf(crop.id, subscription.id);
      const now = cellIn(grid, key);
      const before = cellIn(saved, key);
      if (now.isPickable !== before.isPickable || now.amountPerShare.trim() !== before.amountPerShare)
        changes.push({
          cropId: crop.id,
          subscriptionId: subscription.id,
          isPickable: now.isPickable,
          amountPerShare: now.amountPerShare,
        });
    }

  const submit = () => {
    const found: Record<string, string> = {};
    for (const body of changes) {
      const parsed = updateAvailabilityBodySchema.safeParse(body);
      if (!parsed.success)
        found[keyOf(body.cropId, body.subscriptionId)] = parsed.error.issues[0]?.message ?? '';
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`cell-${first}`)?.focus();
      return;
    }
    save.mutate(changes, {
      onSuccess: () => {
        const next = { ...grid };
        for (const key of Object.keys(next))
          next[key] = { ...next[key]!, amountPerShare: next[key]!.amountPerShare.trim() };
        setSaved(next);
        setGrid(next);
        notifications.show({ color: 'brand', message: t('pluk.gridSaved', { count: changes.length }) });
      },
    });
  };

  const cellProps = (crop: { id: number; name: string }, subscription: { id: number; name: string }) => {
    const key = keyOf(crop.id, subscription.id);
    return {
      crop,
      subscription,
      cell: cellIn(grid, key),
      error: errors[key],
      onChange: (patch: Partial<Cell>) => change(key, patch),
    };
  };

  return (
    <Stack gap="md">
      {wide ? (
        <Table.ScrollContainer minWidth={200 + 220 * overview.subscriptions.length}>
          <Table withTableBorder withColumnBorders verticalSpacing="sm">
            <Table.Caption>{t('pluk.gridCaption', { year: overview.harvestYear })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('pluk.cropColumn')}</Table.Th>
                {overview.subscriptions.map((subscription) => (
                  <Table.Th key={subscription.id} scope="col">
                    {subscription.name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.crops.map((crop) => (
                <Table.Tr key={crop.id}>
                  <Table.Th scope="row">
                    <Text fw={600} className="pluk-wrap">
                      {crop.name}
                    </Text>
                    {crop.unit && (
                      <Text size="sm" c="dimmed">
                        {crop.unit}
                      </Text>
                    )}
                  </Table.Th>
                  {overview.subscriptions.map((subscription) => (
                    <Table.Td key={subscription.id}>
                      <CellInputs {...cellProps(crop, subscription)} withName={false} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        overview.crops.map((crop) => (
          <Card key={crop.id} withBorder radius="md" padding="md" component="section" aria-label={crop.name}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} className="pluk-wrap" style={{ minWidth: 0 }}>
                  {crop.name}
                </Text>
                {crop.unit && (
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {crop.unit}
                  </Text>
                )}
              </Group>
              {overview.subscriptions.map((subscription) => (
                <CellInputs key={subscription.id} {...cellProps(crop, subscription)} withName />
              ))}
            </Stack>
          </Card>
        ))
      )}
      {save.isError && <FormError>{errorText(save.error)}</FormError>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status">
          {t('pluk.gridChanges', { count: changes.length })}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={changes.length === 0 || save.isPending}
            onClick={() => {
              setGrid(saved);
              setErrors({});
            }}
          >
            {t('pluk.gridUndo')}
          </Button>
          <Button size="md" disabled={changes.length === 0} loading={save.isPending} onClick={submit}>
            {t('pluk.gridSave')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * The week in one screen: every active crop × every subscription of a harvest year, pickable or not and
 * the amount per share; a table on wide screens, a card per crop on a phone. Only changed cells are sent.
 */
export function PlukOverviewView() {
  const { t } = useTranslation('harvest');
  const labelId = useId();
  const [choice, setChoice] = useState<{ base: number; year: number } | null>(null);
  const query = usePlukOverview(choice?.year ?? null);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const overview = query.data;
  const base = choice?.base ?? overview.harvestYear;
  const years = [base, base + 1];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={500} id={labelId}>
          {t('pluk.yearChoice')}
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          value={String(choice?.year ?? overview.harvestYear)}
          onChange={(value) => setChoice({ base, year: Number(value) })}
          data={years.map((value) => ({ value: String(value), label: String(value) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      {overview.crops.length === 0 || overview.subscriptions.length === 0 ? (
        <EmptyState
          icon={IconBasket}
          title={overview.crops.length === 0 ? t('pluk.noCropsTitle') : t('pluk.noSubscriptionsTitle')}
          text={overview.crops.length === 0 ? t('pluk.noCropsText') : t('pluk.noSubscriptions')}
        />
      ) : (
        <OverviewGrid key={`${overview.harvestYear}`} overview={overview} />
      )}
    </Stack>
  );
}
