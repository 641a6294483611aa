import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordBodySchema } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/errors';
import { useErrorText, fieldErrors, zodValidate, type FormErrors } from '../../../lib/form';
import { useChangePassword } from '../api/change-password';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** Current password, new password twice. */
export function ChangePasswordForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('user');
  const errorText = useErrorText();
  const change = useChangePassword();
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: (values): FormErrors => {
      const errors = zodValidate(changePasswordBodySchema)(values);
      if (values.confirm !== values.newPassword) errors.confirm = t('password.mismatch');
      return errors;
    },
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const errors = fieldErrors(error);
          if (isApiError(error) && error.code === 'WRONG_PASSWORD') errors.currentPassword = error.message;
          form.setErrors(errors);
        },
      },
    ),
  );

  const wrongPassword = isApiError(change.error) && change.error.code === 'WRONG_PASSWORD';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {change.isError && !wrongPassword && (
          <Alert color="red" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.help')}
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" size="md" fullWidth loading={change.isPending}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
