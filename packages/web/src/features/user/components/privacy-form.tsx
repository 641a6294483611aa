import { Button, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Account, Privacy } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useErrorText, useFocusError } from '../../../lib/form';
import { usePostPermissions } from '../api/post-permissions';

/** My privacy choices: share my contact data with other members, receive e-mails. */
export function PrivacyForm({ account }: { account: Account }) {
  const { t } = useTranslation(['user', 'common']);
  const errorText = useErrorText();
  const update = usePostPermissions();
  const form = useForm<Privacy>({ mode: 'controlled', initialValues: account.privacy });

  const { ref, focusError } = useFocusError();

  const submit = form.onSubmit((privacy) => {
    if (update.isPending) return;
    update.mutate(privacy, {
      onSuccess: (saved) => {
        form.resetDirty(saved.privacy);
        notifications.show({ color: 'brand', message: t('privacy.saved') });
      },
      onError: focusError,
    });
  });

  return (
    <form ref={ref} onSubmit={submit}>
      <Stack gap="lg">
        <Switch
          size="md"
          label={t('privacy.showContactData')}
          description={t('privacy.showContactDataHelp')}
          {...form.getInputProps('showContactData', { type: 'checkbox' })}
        />
        <Switch
          size="md"
          label={t('privacy.receiveEmails')}
          description={t('privacy.receiveEmailsHelp')}
          {...form.getInputProps('receiveEmails', { type: 'checkbox' })}
        />
        {update.isError && <FormError>{errorText(update.error)}</FormError>}
        <Button type="submit" size="md" fullWidth loading={update.isPending} disabled={!form.isDirty()}>
          {t('common:actions.save')}
        </Button>
      </Stack>
    </form>
  );
}
