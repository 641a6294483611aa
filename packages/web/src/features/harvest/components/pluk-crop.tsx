import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { PlukAvailability } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { useActivatePluk, useDisablePluk, usePlukOfCrop } from '../api/pluk';
import { PlukStatusBadge } from './pluk-status-badge';

function AvailabilityRow({ cropName, row }: { cropName: string; row: PlukAvailability }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const activate = useActivatePluk();
  const disable = useDisablePluk();
  const action = row.isPickable ? disable : activate;
  const subscription = t('pluk.subscription', { name: row.subscriptionName, year: row.harvestYear });
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} className="pluk-wrap">
              {subscription}
            </Text>
            <Text size="sm" className="pluk-wrap" c={row.amountPerShare ? undefined : 'dimmed'}>
              {row.amountPerShare || t('pluk.noAmount')}
            </Text>
          </Stack>
          <PlukStatusBadge isPickable={row.isPickable} />
        </Group>
        <Group>
          <Button
            size="sm"
            variant="light"
            color={row.isPickable ? 'gray' : 'brand'}
            leftSection={
              row.isPickable ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />
            }
            aria-label={
              row.isPickable
                ? t('pluk.disableFor', { crop: cropName, subscription })
                : t('pluk.activateFor', { crop: cropName, subscription })
            }
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                { cropId: row.cropId, subscriptionId: row.subscriptionId },
                {
                  onSuccess: (saved) =>
                    notifications.show({
                      color: 'brand',
                      message: saved.isPickable
                        ? t('pluk.activated', { crop: cropName, subscription })
                        : t('pluk.disabled', { crop: cropName, subscription }),
                    }),
                },
              )
            }
          >
            {row.isPickable ? t('pluk.disable') : t('pluk.activate')}
          </Button>
        </Group>
        {action.isError && (
          <Text size="sm" c="red" role="alert">
            {errorText(action.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** One crop's pluk for every subscription of the current and next harvest years, with its actions. */
export function PlukCropView({ cropId, editHref }: { cropId: number; editHref: string }) {
  const { t } = useTranslation('harvest');
  const query = usePlukOfCrop(cropId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const pluk = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} className="pluk-wrap">
            {pluk.name}
          </Title>
          {pluk.unit && <Text c="dimmed">{t('crop.unit', { unit: pluk.unit })}</Text>}
        </Stack>
        {!pluk.isActive && (
          <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
            {t('crop.disabled')}
          </Badge>
        )}
      </Group>
      {!pluk.isActive && <Text size="sm">{t('pluk.cropDisabled')}</Text>}
      <Group>
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('pluk.edit')}
        </Button>
      </Group>
      {pluk.availability.length === 0 ? (
        <Text c="dimmed">{t('pluk.noSubscriptions')}</Text>
      ) : (
        pluk.availability.map((row) => (
          <AvailabilityRow key={row.subscriptionId} cropName={pluk.name} row={row} />
        ))
      )}
    </Stack>
  );
}
