import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBodySchema } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText, fieldErrors, zodValidate } from '../../../lib/form';
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

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => onSuccess?.(),
      onError: (error) => form.setErrors(fieldErrors(error)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" role="alert">
            {errorText(login.error)}
          </Alert>
        )}
        <TextInput
          label={t('login.username')}
          autoComplete="username"
          autoCapitalize="none"
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
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
