import { Button, Stack, TextInput } from '@mantine/core';
import { startTransition, useActionState, useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { PasswordField } from '../../../components/password-field';
import { fieldErrors, useErrorText, useFocusError, type FormErrors } from '../../../lib/form';
import { useLogin, type LoginInput } from '../api/login';

/**
 * Username (or e-mail) and password; on success the token data is in the store. A React 19 action
 * (`useActionState`) holds the field errors and the pending state, with the inputs' own values: no form
 * library on /login's first load (decision 088). Submitted from `onSubmit`, not `<form action>`, so a
 * refused sign-in keeps what was typed (React resets a form after its action).
 */
export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const login = useLogin();
  const { ref, focusError } = useFocusError();

  // What the last attempt left: its field errors, and how many attempts failed (focus moves on each).
  const [{ errors, failed }, signIn, signingIn] = useActionState<
    { errors: FormErrors; failed: number },
    LoginInput
  >(
    async (previous, values) => {
      // The rules (zod with the contract's schema) load with the first submit, not with /login.
      const { validateLogin } = await import('./login-validation');
      const invalid = validateLogin(values);
      if (Object.keys(invalid).length > 0) return { errors: invalid, failed: previous.failed + 1 };
      try {
        await login.mutateAsync(values);
      } catch (error) {
        return { errors: fieldErrors(error), failed: previous.failed + 1 };
      }
      onSuccess?.();
      return { errors: {}, failed: previous.failed };
    },
    { errors: {}, failed: 0 },
  );
  useEffect(() => {
    if (failed > 0) focusError();
  }, [failed, focusError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signingIn || login.isPending) return;
    const data = new FormData(event.currentTarget);
    const values = {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    startTransition(() => signIn(values));
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.isError && <FormError>{errorText(login.error)}</FormError>}
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          error={errors.username}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Button type="submit" fullWidth size="md" loading={signingIn || login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
