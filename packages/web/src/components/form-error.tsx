import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The error of a whole form (not of one field): announced at once (role=alert) and focusable, so
 * `useFocusError` can move focus to it when no field is marked invalid.
 */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" role="alert" tabIndex={-1} data-form-error>
      {children}
    </Alert>
  );
}
