import { useForm } from '@mantine/form';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { showSaved } from './saved-notice';

/** A settings screen's data: loading, the error with a retry, or the form. */
export function WithQuery<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

interface SettingsFormOptions<V, B, R> {
  initialValues: V;
  /** The contract's body schema: the form shows its Dutch messages before anything is sent. */
  schema: ZodType<B>;
  toInput?: (values: V) => unknown;
  save: UseMutationResult<R, unknown, B>;
  /** The saved answer as the form's values again. */
  toValues: (saved: R) => V;
  savedMessage: string;
  /** Controlled: the screen reads every keystroke (the colours' live preview). */
  controlled?: boolean;
  onSaved?: (saved: R) => void;
}

/**
 * The form of a settings screen: validated with the contract, sent once, a notification when saved,
 * the server's field errors under their fields and its other errors above (`formError`).
 */
export function useSettingsForm<V extends Record<string, unknown>, B, R>({
  initialValues,
  schema,
  toInput = (values) => values,
  save,
  toValues,
  savedMessage,
  controlled = false,
  onSaved,
}: SettingsFormOptions<V, B, R>) {
  const errorText = useErrorText();
  const { ref, focusError } = useFocusError();
  const form = useForm<V>({
    mode: controlled ? 'controlled' : 'uncontrolled',
    initialValues,
    validate: zodValidate<V>(schema, toInput),
  });
  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    save.mutate(schema.parse(toInput(values)), {
      onSuccess: (saved) => {
        const next = toValues(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSaved(savedMessage);
        onSaved?.(saved);
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);
  const onField = Object.keys(fieldErrors(save.error)).length > 0;
  const formError = save.isError && !onField ? errorText(save.error) : null;
  return { form, ref, submit, formError };
}
