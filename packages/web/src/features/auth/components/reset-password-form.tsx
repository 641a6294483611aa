import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '@mantine/form';
import { passwordSchema } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { isApiError } from '../../../lib/errors';
import { FormError } from '../../../components/form-error';
import { useErrorText, fieldErrors, useFocusError } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';

interface ResetPasswordFormProps {
  token: string;
  userId: number;
}

/** Sets a new password with the link from the reset e-mail. */
export function ResetPasswordForm({ token, userId }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => {
        const result = passwordSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
      confirm: (value, values) => (value === values.password ? null : t('register.passwordMismatch')),
    },
  });

  const { ref, focusError } = useFocusError();

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="brand" role="status">
          {t('passwordReset.success')}
        </Alert>
        <Button component={Link} to={paths.login.getHref()}>
          {t('passwordReset.toLogin')}
        </Button>
      </Stack>
    );
  }

  const invalidLink = isApiError(reset.error) && reset.error.code === 'RESET_TOKEN_INVALID';
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={form.onSubmit(({ password }) => {
        if (reset.isPending) return;
        reset.mutate(
          { token, userId, password },
          {
            onError: (error) => {
              form.setErrors(fieldErrors(error));
              focusError();
            },
          },
        );
      }, focusError)}
    >
      <Stack gap="md">
        <Text>{t('passwordReset.intro')}</Text>
        {reset.isError && (
          <FormError>
            {invalidLink ? t('passwordReset.invalid') : errorText(reset.error)}
            {invalidLink && (
              <Anchor
                component={Link}
                to={paths.requestReset.getHref()}
                display="flex"
                className="pluk-touch-link"
                style={{ justifyContent: 'flex-start' }}
              >
                {t('passwordReset.requestNew')}
              </Anchor>
            )}
          </FormError>
        )}
        <PasswordField
          label={t('passwordReset.password')}
          description={t('register.passwordHelp')}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('passwordReset.confirm')}
          autoComplete="new-password"
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
