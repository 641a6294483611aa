import { Button } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { harvestRoutes, type CropListItem } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { BulkResults, useBulkRun } from '../../../components/bulk-results';
import { SelectionBar, type Selection } from '../../../components/data-table';
import { apiRequest } from '../../../lib/api-client';
import { csvText, downloadCsv } from '../../../lib/csv';
import { invalidateHarvestQueries } from '../api/keys';

/** The chosen crops as CSV: name, fields, unit, pickable for how many subscriptions, active. */
function cropsCsv(crops: CropListItem[], header: string[]): string {
  return csvText(
    header,
    crops.map((crop) => [
      crop.name,
      crop.fields.map((field) => field.name).join(', '),
      crop.unit,
      String(crop.pickableCount),
      String(crop.isActive),
    ]),
  );
}

/**
 * What a CropManager does with the chosen crops (ADR 096): activate or disable them (the single
 * action, one call per crop, a result per crop) and export them.
 */
export function CropBulk({ selection }: { selection: Selection<CropListItem> }) {
  const { t } = useTranslation('harvest');
  const queryClient = useQueryClient();
  const bulk = useBulkRun();
  const run = (active: boolean) => {
    const crops = selection.rows.filter((crop) => crop.isActive !== active);
    void bulk
      .start(
        crops,
        (crop) => crop.name,
        async (crop) => {
          await apiRequest(active ? harvestRoutes.cropActivate : harvestRoutes.cropDisable, {
            body: { id: crop.id },
          });
          return active ? t('cropTable.activated') : t('cropTable.disabledDone');
        },
      )
      .then(async () => {
        selection.clear();
        await invalidateHarvestQueries(queryClient);
      });
  };
  const inactive = selection.rows.filter((crop) => !crop.isActive).length;
  const active = selection.rows.length - inactive;
  return (
    <>
      <SelectionBar
        count={selection.rows.length}
        label={t('cropTable.selectionLabel')}
        onClear={selection.clear}
        onExport={() =>
          downloadCsv(
            t('cropTable.exportFile'),
            cropsCsv(selection.rows, t('cropTable.csvHeader').split(';')),
          )
        }
      >
        <Button
          variant="light"
          leftSection={<IconEye size={18} aria-hidden />}
          disabled={inactive === 0 || bulk.running}
          onClick={() => run(true)}
        >
          {t('cropTable.activate', { count: inactive })}
        </Button>
        <Button
          variant="light"
          color="gray"
          leftSection={<IconEyeOff size={18} aria-hidden />}
          disabled={active === 0 || bulk.running}
          onClick={() => run(false)}
        >
          {t('cropTable.disable', { count: active })}
        </Button>
      </SelectionBar>
      <BulkResults
        results={bulk.results}
        total={bulk.total}
        running={bulk.running}
        label={t('cropTable.results')}
      />
    </>
  );
}
