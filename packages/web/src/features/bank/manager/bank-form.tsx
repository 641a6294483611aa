import '@mantine/dates/styles.css';
import 'dayjs/locale/nl-be';
import { Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { FormEvent, ReactNode, Ref } from 'react';
import { FormError } from '../../../components/form-error';
import { fieldErrors, useErrorText } from '../../../lib/form';

/**
 * A bank manager's form (mark paid, new transaction, edit): its date pickers in Belgian Dutch with the
 * week from Monday, and the server's refusal above the fields when it names none of them (a message for
 * a field stands under that field).
 */
export function BankForm({
  formRef,
  onSubmit,
  error,
  intro,
  children,
}: {
  /** `useFocusError`'s ref: a refusal moves the focus into this form. */
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The mutation's error; null while there is none. */
  error: unknown;
  /** What the form is about, above the refusal and the fields. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  const errorText = useErrorText();
  const namesNoField = error != null && Object.keys(fieldErrors(error)).length === 0;
  return (
    <DatesProvider settings={{ locale: 'nl-be', firstDayOfWeek: 1 }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {intro}
          {namesNoField && <FormError>{errorText(error)}</FormError>}
          {children}
        </Stack>
      </form>
    </DatesProvider>
  );
}
