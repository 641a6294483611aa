import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Button, Card, Group, Stack, Table, Title, useMantineTheme } from '@mantine/core';
import { IconChartLine, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalystBucket } from '@pluk/contract';
import { EmptyState } from '../../../components/empty-state';
import { saveBlob } from '../../../lib/save-blob';
import { dashOf, seriesColors } from '../chart-style';
import { chartCsv } from '../csv';
import { formatCount, formatMoneyTick, formatValue } from '../number-format';
import type { ChartConfig } from '../views';
import { bucketLabel } from './bucket-label';

type Point = { start: string; values: Record<string, number> };

/**
 * One chart of a view: lines over time (colour, dash and dots tell them apart), or the same numbers as a
 * table; a CSV download of them; an empty state when the range has none.
 */
export function SeriesChart({
  config,
  points,
  bucket,
  fileName,
}: {
  config: ChartConfig;
  points: Point[];
  bucket: AnalystBucket;
  fileName: string;
}) {
  const { t } = useTranslation('analyst');
  const theme = useMantineTheme();
  const [asTable, setAsTable] = useState(false);
  const title = t(`charts.${config.id}` as 'charts.money');
  const labelOf = (key: string) => t(`series.${key}` as 'series.events');
  const money = config.unit === 'money';
  const format = (value: number) => formatValue(value, money);
  const isEmpty = points.every((point) => config.keys.every((key) => (point.values[key] ?? 0) === 0));
  const colors = seriesColors(
    theme.other.colors as { primary: string; secondary: string; background: string },
    config.keys.length,
  );
  const titleId = `chart-${config.id}`;
  const summary =
    points.length === 0
      ? title
      : t('chart.summary', {
          title,
          points: points.length,
          from: bucketLabel(points[0]!.start, bucket),
          to: bucketLabel(points[points.length - 1]!.start, bucket),
        });

  const download = () => {
    const columns = config.keys.map((key) => ({
      key,
      label: money ? `${labelOf(key)} (${t('units.money')})` : labelOf(key),
    }));
    const csv = chartCsv(t('chart.period'), columns, points, config.unit);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${fileName}-${config.id}.csv`);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId} className="pluk-wrap">
            {title}
          </Title>
          {!isEmpty && (
            <Group gap="xs" role="group" aria-label={t('chart.showAs')}>
              <Button
                size="xs"
                variant={asTable ? 'default' : 'filled'}
                aria-pressed={!asTable}
                onClick={() => setAsTable(false)}
              >
                {t('chart.graph')}
              </Button>
              <Button
                size="xs"
                variant={asTable ? 'filled' : 'default'}
                aria-pressed={asTable}
                onClick={() => setAsTable(true)}
              >
                {t('chart.table')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={download}
              >
                {t('chart.download')}
              </Button>
            </Group>
          )}
        </Group>
        {isEmpty ? (
          <EmptyState icon={IconChartLine} title={t('chart.empty')} text={t('chart.emptyText')} />
        ) : asTable ? (
          <div
            style={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('chart.tableCaption', { title, bucket: t(`range.buckets.${bucket}`) })}
          >
            <Table striped withTableBorder highlightOnHover>
              <Table.Caption>
                {t('chart.tableCaption', { title, bucket: t(`range.buckets.${bucket}`) })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('chart.period')}</Table.Th>
                  {config.keys.map((key) => (
                    <Table.Th key={key} scope="col" ta="right">
                      {labelOf(key)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {points.map((point) => (
                  <Table.Tr key={point.start}>
                    <Table.Th scope="row" fw={400}>
                      {bucketLabel(point.start, bucket)}
                    </Table.Th>
                    {config.keys.map((key) => (
                      <Table.Td key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {format(point.values[key] ?? 0)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : (
          // The drawing follows its card's width a frame late (a resize observer): never wider than the page.
          <div style={{ overflow: 'hidden' }}>
            <LineChart
              h={280}
              data={points.map((point) => ({
                label: bucketLabel(point.start, bucket),
                ...Object.fromEntries(
                  config.keys.map((key) => [
                    key,
                    money ? (point.values[key] ?? 0) / 100 : (point.values[key] ?? 0),
                  ]),
                ),
              }))}
              dataKey="label"
              series={config.keys.map((key, index) => ({
                name: key,
                label: labelOf(key),
                color: colors[index]!,
                strokeDasharray: dashOf(index),
              }))}
              curveType="linear"
              strokeWidth={2.5}
              withDots={points.length <= 60}
              dotProps={{ r: 3 }}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tickLine="x"
              // nl-be numbers on the axis and in the tooltip; counts get whole ticks only (no 0,45 of
              // a chore), decision 091.
              valueFormatter={(value) =>
                money ? formatValue(Math.round(value * 100), true) : formatCount(value)
              }
              yAxisProps={{
                width: money ? 70 : 48,
                allowDecimals: money,
                tickFormatter: (value: number) => (money ? formatMoneyTick(value) : formatCount(value)),
              }}
              // The drawing's name (its <title>): what it shows; the numbers themselves are in the table view.
              lineChartProps={{ accessibilityLayer: false, title: summary }}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}
