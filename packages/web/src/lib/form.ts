import type { ZodType } from 'zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './errors';

export type FormErrors = Record<string, string>;

/**
 * Validates form values with a contract schema, keyed by dotted path as Mantine form expects
 * (`address.city`, `householdMembers.0.name`); the messages are the contract's Dutch ones. `toInput`
 * turns form values (empty number inputs, confirm fields) into what the schema reads.
 */
export function zodValidate<V>(schema: ZodType, toInput: (values: V) => unknown = (values) => values) {
  return (values: V): FormErrors => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
    return errors;
  };
}

/** Turns any failure into the Dutch text to show: the server's message, or ours without a response. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        if (error.isOffline) return t('errors.offline');
        if (error.isNetworkError) return t('errors.network');
        if (error.message) return error.message;
      }
      return t('errors.unknown');
    },
    [t],
  );
}

/** The server's per-field messages (`fields`), ready for Mantine form's `setErrors`. */
export function fieldErrors(error: unknown): FormErrors {
  return isApiError(error) ? { ...error.fields } : {};
}

/**
 * Focus after a submit that failed: the first field marked invalid, else the form-level error
 * (`data-form-error`). Call `focusError()` together with the state change that shows the errors; the
 * focus moves once React has rendered them. Attach `ref` to the `<form>`.
 */
export function useFocusError() {
  const ref = useRef<HTMLFormElement>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const form = ref.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"], input[data-invalid]') ??
      form?.querySelector<HTMLElement>('[data-form-error]');
    target?.focus();
  }, [request]);
  const focusError = useCallback(() => setRequest((count) => count + 1), []);
  return { ref, focusError };
}
