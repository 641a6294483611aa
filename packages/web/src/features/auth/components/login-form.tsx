import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '@mantine/form';
import { loginBodySchema } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useErrorText, fieldErrors, useFocusError, zodValidate } from '../../../lib/form';
import { useLogin, type LoginInput } from '../api/login';

/** Username (or e-mail) and password; on success the token data is in the store. */
export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const login = useLogin();
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: zodValidate(loginBodySchema),
  });

  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit((values) => {
    if (login.isPending) return;
    login.mutate(values, {
      onSuccess: () => onSuccess?.(),
      onError: (error) => {
        form.setErrors(fieldErrors(error));
        focusError();
      },
    });
  }, focusError);

  return (
    <form ref={ref} onSubmit={submit} noValidate>
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
