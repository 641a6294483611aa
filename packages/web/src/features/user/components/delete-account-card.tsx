import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { deleteMyAccountBodySchema, type DeleteMyAccountBody } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { PasswordField } from '../../../components/password-field';
import { isApiError } from '../../../lib/errors';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useSignOut } from '../../../app/use-sign-out';
import { useDeleteMyAccount } from '../api/my-data';

/** Refusals that name what is still open: shown as the reason, the dialog stays for a later try. */
const refusals = new Set(['ACCOUNT_HAS_OPEN_PAYMENT', 'ACCOUNT_HAS_PENDING_CHORE', 'USER_HAS_OPEN_TRADES']);

/**
 * 'Verwijder mijn account' on /account/privacy (decision 101): asks for the password again in a
 * dialog; the server refuses with a reason while a payment is open or a chore waits. Afterwards the
 * member is signed out.
 */
export function DeleteAccountCard({ impersonated = false }: { impersonated?: boolean }) {
  const { t } = useTranslation(['user', 'common']);
  const errorText = useErrorText();
  const remove = useDeleteMyAccount();
  const signOut = useSignOut();
  const [opened, setOpened] = useState(false);
  const form = useForm<DeleteMyAccountBody>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: zodValidate(deleteMyAccountBodySchema),
  });
  const { ref, focusError } = useFocusError();

  const close = () => {
    setOpened(false);
    form.reset();
    remove.reset();
  };

  const submit = form.onSubmit((body) => {
    if (remove.isPending) return;
    remove.mutate(body, {
      onSuccess: async () => {
        setOpened(false);
        notifications.show({ color: 'brand', message: t('deleteAccount.done') });
        await signOut();
      },
      onError: (error) => {
        const errors = fieldErrors(error);
        if (isApiError(error) && error.code === 'WRONG_PASSWORD') errors.password = error.message;
        form.setErrors(errors);
        focusError();
      },
    });
  }, focusError);

  const refusal = isApiError(remove.error) && refusals.has(remove.error.code);
  // A wrong password and bad input are said at the field itself.
  const onField =
    isApiError(remove.error) &&
    (remove.error.code === 'WRONG_PASSWORD' || remove.error.code === 'VALIDATION_ERROR');

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="delete-account-title">
      <Stack gap="sm">
        <Title order={2} id="delete-account-title" size="h4">
          {t('deleteAccount.title')}
        </Title>
        <Text size="sm">{t('deleteAccount.intro')}</Text>
        {impersonated ? (
          <Text size="sm" c="dimmed">
            {t('myData.memberOnly')}
          </Text>
        ) : (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setOpened(true)}
          >
            {t('deleteAccount.open')}
          </Button>
        )}
      </Stack>
      <Dialog opened={opened} onClose={close} title={t('deleteAccount.dialogTitle')}>
        <form ref={ref} onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('deleteAccount.dialogText')}</Text>
            {refusal && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t('deleteAccount.refused')}
                data-form-error
                tabIndex={-1}
              >
                <Text size="sm">{errorText(remove.error)}</Text>
              </Alert>
            )}
            {remove.isError && !refusal && !onField && <FormError>{errorText(remove.error)}</FormError>}
            <PasswordField
              label={t('deleteAccount.password')}
              autoComplete="current-password"
              data-autofocus
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                {t('deleteAccount.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Card>
  );
}
