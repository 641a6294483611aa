import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Address } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

/** Street, number, postal code and city of `address` in a form. */
export function AddressFields<V extends { address: Address }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <>
      <Group grow align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 3 }}
          label={t('fields.street')}
          autoComplete="address-line1"
          key={form.key('address.street')}
          {...form.getInputProps('address.street')}
        />
        <TextInput
          style={{ flex: 1 }}
          label={t('fields.number')}
          key={form.key('address.number')}
          {...form.getInputProps('address.number')}
        />
      </Group>
      <Group grow align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('fields.postalCode')}
          autoComplete="postal-code"
          key={form.key('address.postalCode')}
          {...form.getInputProps('address.postalCode')}
        />
        <TextInput
          style={{ flex: 2 }}
          label={t('fields.city')}
          autoComplete="address-level2"
          key={form.key('address.city')}
          {...form.getInputProps('address.city')}
        />
      </Group>
    </>
  );
}
