import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import type { FormEvent } from 'react';
import { useErrorText, fieldErrors, useFocusError } from '../../../lib/form';
import { useLogin, type LoginInput } from '../api/login';

/** Username (or e-mail) and password; on success the token data is in the store. */
export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const login = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
  });

  const { ref, focusError } = useFocusError();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const values = form.getValues();
    // The rules (zod with the contract's schema) load with the first submit, not with /login.
    const { validateLogin } = await import('./login-validation');
    const errors = validateLogin(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusError();
      return;
    }
    login.mutate(values, {
      onSuccess: () => onSuccess?.(),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  };

  return (
    <form ref={ref} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {login.isError && <FormError>{errorText(login.error)}</FormError>}
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
