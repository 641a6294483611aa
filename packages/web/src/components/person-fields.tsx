import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormOf<V> = { form: UseFormReturnType<V> };

/** First and last name of the account holder, as registration and the profile ask them. */
export function NameFields<V extends { firstName: string; lastName: string }>({ form }: FormOf<V>) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('fields.firstName')}
        autoComplete="given-name"
        required
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t('fields.lastName')}
        autoComplete="family-name"
        required
        {...form.getInputProps('lastName')}
      />
    </>
  );
}

/** The e-mail field; `description` says more under it (a new address waiting for confirmation, ADR 087). */
export function EmailField<V extends { email: string }>({
  form,
  description,
}: FormOf<V> & { description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      required
      description={description}
      {...form.getInputProps('email')}
    />
  );
}

export function PhoneField<V extends { phone: string }>({ form }: FormOf<V>) {
  const { t } = useTranslation();
  return (
    <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
  );
}
