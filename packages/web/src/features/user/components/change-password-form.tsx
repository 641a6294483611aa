import { Button, Stack } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useForm } from '@mantine/form';
import { changePasswordBodySchema } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/errors';
import { useErrorText, fieldErrors, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
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

  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const errors = fieldErrors(error);
          if (isApiError(error) && error.code === 'WRONG_PASSWORD') errors.currentPassword = error.message;
          form.setErrors(errors);
          focusError();
        },
      },
    );
  }, focusError);

  const wrongPassword = isApiError(change.error) && change.error.code === 'WRONG_PASSWORD';
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        {change.isError && !wrongPassword && <FormError>{errorText(change.error)}</FormError>}
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.help')}
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
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
