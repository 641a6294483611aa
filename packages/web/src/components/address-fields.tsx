import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Address } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

/** Street, number, postal code and city of `address` in a form. */
export function AddressFields<V extends { address: Address }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <>
      <Grid gutter="xs">
        <Grid.Col span={8}>
          <TextInput
            label={t('fields.street')}
            autoComplete="address-line1"
            key={form.key('address.street')}
            {...form.getInputProps('address.street')}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput
            label={t('fields.number')}
            autoComplete="off"
            key={form.key('address.number')}
            {...form.getInputProps('address.number')}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput
            label={t('fields.postalCode')}
            autoComplete="postal-code"
            key={form.key('address.postalCode')}
            {...form.getInputProps('address.postalCode')}
          />
        </Grid.Col>
        <Grid.Col span={8}>
          <TextInput
            label={t('fields.city')}
            autoComplete="address-level2"
            key={form.key('address.city')}
            {...form.getInputProps('address.city')}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
