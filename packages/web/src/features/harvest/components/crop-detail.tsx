import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBasket, IconEye, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CropDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { useActivateCrop, useCrop, useDeleteCrop, useDisableCrop } from '../api/crops';
import { CropPhotos } from './crop-photos';
import { PlukStatusBadge } from './pluk-status-badge';

function TextBlock({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Stack gap={2}>
      <Text fw={600}>{label}</Text>
      <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
        {text}
      </Text>
    </Stack>
  );
}

function Actions({
  crop,
  editHref,
  plukHref,
  onDeleted,
}: {
  crop: CropDetail;
  editHref: string;
  plukHref?: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const activate = useActivateCrop();
  const disable = useDisableCrop();
  const remove = useDeleteCrop();
  const toggle = crop.isActive ? disable : activate;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('crop.edit')}
        </Button>
        {plukHref && (
          <Button
            component={Link}
            to={plukHref}
            variant="light"
            leftSection={<IconBasket size={18} aria-hidden />}
          >
            {t('crop.toPluk')}
          </Button>
        )}
        <Button
          variant="light"
          color={crop.isActive ? 'gray' : 'brand'}
          leftSection={
            crop.isActive ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />
          }
          loading={toggle.isPending}
          onClick={() =>
            toggle.mutate(crop.id, {
              onSuccess: (saved) =>
                notifications.show({
                  color: 'brand',
                  message: saved.isActive ? t('crop.activated') : t('crop.disabledDone'),
                }),
            })
          }
        >
          {crop.isActive ? t('crop.disable') : t('crop.activate')}
        </Button>
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('crop.deleteTitle'),
            text: t('crop.deleteText', { name: crop.name }),
            consequences: {
              gone: t('crop.deleteGone', { name: crop.name }),
              kept: t('crop.deleteKept', { name: crop.name }),
              instead: t('crop.deleteInstead', { name: crop.name }),
            },
            confirmLabel: t('crop.deleteConfirm'),
            color: 'red',
            mutation: remove,
            variables: crop.id,
            success: t('crop.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('crop.delete')}
        </ConfirmActionButton>
      </Group>
      {toggle.isError && <FormError>{errorText(toggle.error)}</FormError>}
    </Stack>
  );
}

/** One crop for the CropManager: its texts, fields, photos, where it is pickable, and the actions. */
export function CropDetailView({
  cropId,
  editHref,
  plukHref,
  onDeleted,
}: {
  cropId: number;
  editHref: string;
  /** The crop's pluk screen, for a PlukManager. */
  plukHref?: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('harvest');
  const query = useCrop(cropId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const crop = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} className="pluk-wrap" style={{ minWidth: 0 }}>
            {crop.name}
          </Title>
          <Badge color={crop.isActive ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {crop.isActive ? t('crop.active') : t('crop.disabled')}
          </Badge>
        </Group>
        {crop.unit && <Text c="dimmed">{t('crop.unit', { unit: crop.unit })}</Text>}
        {crop.hint && <Text className="pluk-wrap">{crop.hint}</Text>}
      </Stack>
      <Actions crop={crop} editHref={editHref} plukHref={plukHref} onDeleted={onDeleted} />
      <TextBlock label={t('form.description')} text={crop.description} />
      <TextBlock label={t('form.howToHarvest')} text={crop.howToHarvest} />
      <Stack gap={2}>
        <Text fw={600}>{t('form.fields')}</Text>
        <Text className="pluk-wrap">
          {crop.fields.length > 0 ? crop.fields.map((field) => field.name).join(', ') : t('crop.noFields')}
        </Text>
      </Stack>
      <CropPhotos crop={crop} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('crop.availability')}
        </Title>
        {crop.availability.length === 0 ? (
          <Text c="dimmed">{t('pluk.noSubscriptions')}</Text>
        ) : (
          crop.availability.map((row) => (
            <Card key={row.subscriptionId} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} className="pluk-wrap">
                    {t('pluk.subscription', { name: row.subscriptionName, year: row.harvestYear })}
                  </Text>
                  {row.amountPerShare && (
                    <Text size="sm" className="pluk-wrap">
                      {row.amountPerShare}
                    </Text>
                  )}
                </Stack>
                <PlukStatusBadge isPickable={row.isPickable} />
              </Group>
            </Card>
          ))
        )}
      </Stack>
    </Stack>
  );
}
