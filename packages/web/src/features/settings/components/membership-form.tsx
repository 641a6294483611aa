import { Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { membershipSettingsBodySchema, type MembershipSettings } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { useMembershipSettings, useSaveMembershipSettings } from '../api/branding';
import { useSettingsForm, WithQuery } from './settings-form';

function MembershipEditor({ settings }: { settings: MembershipSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveMembershipSettings();
  const { form, ref, submit, formError } = useSettingsForm({
    initialValues: settings,
    schema: membershipSettingsBodySchema,
    save,
    toValues: (saved: MembershipSettings) => saved,
    savedMessage: t('membership.saved'),
  });
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t('membership.intro')}</Text>
        {formError && <FormError>{formError}</FormError>}
        <Textarea
          label={t('membership.explanation')}
          description={t('membership.explanationHelp')}
          autosize
          minRows={4}
          maxLength={5000}
          key={form.key('membershipExplanation')}
          {...form.getInputProps('membershipExplanation')}
        />
        <TextInput
          label={t('membership.question')}
          description={t('membership.questionHelp')}
          maxLength={300}
          key={form.key('customRegistrationQuestion')}
          {...form.getInputProps('customRegistrationQuestion')}
        />
        <Textarea
          label={t('membership.pricesNote')}
          description={t('membership.pricesNoteHelp')}
          autosize
          minRows={2}
          maxLength={2000}
          key={form.key('pricesNote')}
          {...form.getInputProps('pricesNote')}
        />
        <Button type="submit" size="md" loading={save.isPending}>
          {t('membership.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** `/applicationManager/settings/membership`: the texts of registration and the prices' note. */
export function MembershipScreen() {
  return (
    <WithQuery query={useMembershipSettings()}>
      {(settings) => <MembershipEditor settings={settings} />}
    </WithQuery>
  );
}
