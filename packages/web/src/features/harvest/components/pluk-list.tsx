import { Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconBasket, IconLayoutGrid } from '@tabler/icons-react';
import type { PlukOverview } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { usePlukOverview, useTogglePluk } from '../api/pluk';

export function cellOf(overview: PlukOverview, cropId: number, subscriptionId: number) {
  return overview.cells.find((cell) => cell.cropId === cropId && cell.subscriptionId === subscriptionId);
}

function PlukSwitch({
  cropId,
  cropName,
  subscription,
  isPickable,
}: {
  cropId: number;
  cropName: string;
  subscription: { id: number; name: string };
  isPickable: boolean;
}) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const toggle = useTogglePluk();
  return (
    <Stack gap={2}>
      <Switch
        label={subscription.name}
        aria-label={t('pluk.switchLabel', { crop: cropName, subscription: subscription.name })}
        checked={isPickable}
        disabled={toggle.isPending}
        onChange={() => toggle.mutate({ cropId, subscriptionId: subscription.id })}
      />
      {toggle.isError && (
        <Text size="sm" c="red" role="alert">
          {errorText(toggle.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The pluk of this harvest year, per crop: for each subscription whether it may be picked now (a switch)
 * and how much per share. The week's grid and each crop's own screen set the amounts.
 */
export function PlukList({
  cropHref,
  overviewHref,
}: {
  cropHref: (id: number) => string;
  overviewHref: string;
}) {
  const { t } = useTranslation('harvest');
  const query = usePlukOverview(null);
  const overviewButton = (
    <Button
      component={Link}
      to={overviewHref}
      leftSection={<IconLayoutGrid size={18} aria-hidden />}
      size="md"
    >
      {t('pluk.toOverview')}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const overview = query.data;
  if (overview.crops.length === 0)
    return <EmptyState icon={IconBasket} title={t('pluk.noCropsTitle')} text={t('pluk.noCropsText')} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text c="dimmed">{t('pluk.year', { year: overview.harvestYear })}</Text>
        {overviewButton}
      </Group>
      {overview.subscriptions.length === 0 && <FormError>{t('pluk.noSubscriptions')}</FormError>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {overview.crops.map((crop) => (
          <Card key={crop.id} withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text
                  component={Link}
                  to={cropHref(crop.id)}
                  fw={600}
                  c="brand.8"
                  td="underline"
                  className="pluk-wrap"
                  style={{ minWidth: 0 }}
                >
                  {crop.name}
                </Text>
                {crop.unit && (
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {crop.unit}
                  </Text>
                )}
              </Group>
              {overview.subscriptions.map((subscription) => {
                const cell = cellOf(overview, crop.id, subscription.id);
                return (
                  <Group key={subscription.id} justify="space-between" align="flex-start" gap="xs">
                    <PlukSwitch
                      cropId={crop.id}
                      cropName={crop.name}
                      subscription={subscription}
                      isPickable={cell?.isPickable ?? false}
                    />
                    {cell?.amountPerShare && (
                      <Text size="sm" className="pluk-wrap" c={cell.isPickable ? undefined : 'dimmed'}>
                        {cell.amountPerShare}
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
