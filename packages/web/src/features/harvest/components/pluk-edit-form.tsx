import { Button, Card, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { harvestLimits, updateAvailabilityBodySchema, type CropPluk } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useErrorText } from '../../../lib/form';
import { useUpdateAvailabilities } from '../api/pluk';

interface Row {
  subscriptionId: number;
  label: string;
  isPickable: boolean;
  amountPerShare: string;
}

/**
 * One crop's pluk for every subscription in one form: pickable or not and the amount per share; saving
 * sends `Crop/UpdateAvailability` for the rows that changed.
 */
export function PlukEditForm({ pluk, onSaved }: { pluk: CropPluk; onSaved: () => void }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const save = useUpdateAvailabilities();
  const initial: Row[] = pluk.availability.map((row) => ({
    subscriptionId: row.subscriptionId,
    label: t('pluk.subscription', { name: row.subscriptionName, year: row.harvestYear }),
    isPickable: row.isPickable,
    amountPerShare: row.amountPerShare,
  }));
  const [rows, setRows] = useState(initial);
  // What the form started from: a refetch (the window's focus) may change `pluk`, not the form's rows.
  const [saved] = useState(initial);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const change = (subscriptionId: number, patch: Partial<Row>) =>
    setRows((current) =>
      current.map((row) => (row.subscriptionId === subscriptionId ? { ...row, ...patch } : row)),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: Record<number, string> = {};
    const changed = rows.filter((row, index) => {
      const before = saved[index]!;
      return row.isPickable !== before.isPickable || row.amountPerShare.trim() !== before.amountPerShare;
    });
    const bodies = changed.map((row) => {
      const body = {
        cropId: pluk.cropId,
        subscriptionId: row.subscriptionId,
        isPickable: row.isPickable,
        amountPerShare: row.amountPerShare,
      };
      const parsed = updateAvailabilityBodySchema.safeParse(body);
      if (!parsed.success) found[row.subscriptionId] = parsed.error.issues[0]?.message ?? '';
      return body;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`amount-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    if (bodies.length === 0) {
      onSaved();
      return;
    }
    save.mutate(bodies, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && <FormError>{errorText(save.error)}</FormError>}
        <Text fw={600} className="pluk-wrap">
          {pluk.name}
        </Text>
        {rows.length === 0 && <Text c="dimmed">{t('pluk.noSubscriptions')}</Text>}
        {rows.map((row) => (
          <Card key={row.subscriptionId} withBorder radius="md" padding="sm">
            <Stack gap="xs">
              <Text fw={600} className="pluk-wrap">
                {row.label}
              </Text>
              <Checkbox
                label={t('pluk.pickable')}
                aria-label={t('pluk.pickableFor', { subscription: row.label })}
                checked={row.isPickable}
                onChange={(event) => change(row.subscriptionId, { isPickable: event.currentTarget.checked })}
              />
              <TextInput
                id={`amount-${row.subscriptionId}`}
                label={t('pluk.amount')}
                aria-label={t('pluk.amountFor', { subscription: row.label })}
                description={t('pluk.amountHelp')}
                maxLength={harvestLimits.amountPerShareMax}
                value={row.amountPerShare}
                error={errors[row.subscriptionId]}
                onChange={(event) =>
                  change(row.subscriptionId, { amountPerShare: event.currentTarget.value })
                }
              />
            </Stack>
          </Card>
        ))}
        <Button type="submit" size="md" fullWidth loading={save.isPending}>
          {t('pluk.save')}
        </Button>
      </Stack>
    </form>
  );
}
