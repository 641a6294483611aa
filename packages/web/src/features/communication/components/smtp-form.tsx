import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlugConnected } from '@tabler/icons-react';
import { smtpSettingsInputSchema, type SmtpSettings, type SmtpSettingsInput } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useSmtp } from '../api/get-smtp';
import { useSaveSmtp } from '../api/save-smtp';
import { useTestSmtp } from '../api/test-smtp';
import { NoSmtpBanner } from './no-smtp-banner';

interface Values {
  host: string;
  port: number | string;
  secure: boolean;
  user: string;
  password: string;
  clearPassword: boolean;
  from: string;
}

const toInput = (values: Values): SmtpSettingsInput => ({
  ...values,
  port: values.port === '' ? Number.NaN : Number(values.port),
  password: values.password || undefined,
});

function SmtpFormFields({ settings }: { settings: SmtpSettings }) {
  const { t } = useTranslation('communication');
  const errorText = useErrorText();
  const save = useSaveSmtp();
  const test = useTestSmtp();
  const { ref, focusError } = useFocusError();
  const form = useForm<Values>({
    initialValues: {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      user: settings.user,
      password: '',
      clearPassword: false,
      from: settings.from,
    },
    validate: zodValidate<Values>(smtpSettingsInputSchema, toInput),
  });
  const submit = form.onSubmit(
    (values) =>
      save.mutate(toInput(values), {
        onSuccess: () => {
          form.setFieldValue('password', '');
          form.setFieldValue('clearPassword', false);
          test.reset();
          notifications.show({ color: 'brand', message: t('smtp.saved') });
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          focusError();
        },
      }),
    () => focusError(),
  );
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('smtp.host')}
          description={t('smtp.hostHelp')}
          size="md"
          {...form.getInputProps('host')}
        />
        <NumberInput
          label={t('smtp.port')}
          min={1}
          max={65535}
          allowDecimal={false}
          size="md"
          {...form.getInputProps('port')}
        />
        <Switch label={t('smtp.secure')} size="md" {...form.getInputProps('secure', { type: 'checkbox' })} />
        <TextInput label={t('smtp.user')} autoComplete="off" size="md" {...form.getInputProps('user')} />
        <PasswordInput
          label={t('smtp.password')}
          description={settings.hasPassword ? t('smtp.passwordKept') : t('smtp.passwordNone')}
          autoComplete="new-password"
          size="md"
          disabled={form.getValues().clearPassword}
          {...form.getInputProps('password')}
        />
        {settings.hasPassword && (
          <Checkbox
            label={t('smtp.clearPassword')}
            {...form.getInputProps('clearPassword', { type: 'checkbox' })}
          />
        )}
        <TextInput
          label={t('smtp.from')}
          description={t('smtp.fromHelp')}
          size="md"
          {...form.getInputProps('from')}
        />
        {save.isError && <FormError>{errorText(save.error)}</FormError>}
        <Group>
          <Button
            type="submit"
            size="md"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('smtp.save')}
          </Button>
          <Button
            variant="light"
            size="md"
            loading={test.isPending}
            leftSection={<IconPlugConnected size={18} aria-hidden />}
            onClick={() => test.mutate()}
          >
            {t('smtp.test')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('smtp.testHelp')}
        </Text>
        <div aria-live="polite">
          {test.data && (
            <Alert color={test.data.ok ? 'brand' : 'red'}>
              <Text className="pluk-wrap">{test.data.message}</Text>
            </Alert>
          )}
          {test.isError && <FormError>{errorText(test.error)}</FormError>}
        </div>
      </Stack>
    </form>
  );
}

/** `/applicationManager/settings/smtp` (Admin): the farm's SMTP server and "test connection". */
export function SmtpSettingsForm() {
  const { t } = useTranslation('communication');
  const query = useSmtp();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="lg">
      <NoSmtpBanner source={query.data.source} />
      <Text>{t('smtp.intro')}</Text>
      <Text fw={600}>{t(`smtp.sources.${query.data.source}`)}</Text>
      <SmtpFormFields settings={query.data} />
    </Stack>
  );
}
