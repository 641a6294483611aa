import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput marks an error only as `data-invalid` on its inner input; screen readers
 * need `aria-invalid`, and `useFocusError` looks for it. The show/hide button stays out of the tab
 * order and the accessibility tree, as Mantine has it.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
