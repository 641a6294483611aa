import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconEye, IconRestore, IconSend } from '@tabler/icons-react';
import {
  emailTemplateInputSchema,
  type EmailTemplate,
  type EmailTemplateInput,
  type EmailTemplateName,
} from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { fieldErrors, useErrorText, useFocusError, zodValidate } from '../../../lib/form';
import { useTemplates } from '../api/get-templates';
import { usePreviewTemplate } from '../api/preview-template';
import { useSaveTemplate } from '../api/save-template';
import { useTestTemplate } from '../api/test-template';
import { MemberPicker } from './member-picker';
import { NoSmtpBanner } from './no-smtp-banner';

type Values = Omit<EmailTemplateInput, 'name'>;

/** The filled-in e-mail as a member would read it. */
function PreviewCard({ subject, body }: { subject: string; body: string }) {
  const { t } = useTranslation('communication');
  return (
    <Card withBorder radius="md" padding="md" aria-live="polite">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('templates.previewTitle')}
        </Title>
        <Text className="pluk-wrap">
          <Text span fw={600}>
            {t('templates.previewSubject')}
          </Text>{' '}
          {subject}
        </Text>
        <Text
          component="pre"
          size="sm"
          className="pluk-wrap"
          style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}
        >
          {body}
        </Text>
      </Stack>
    </Card>
  );
}

/** One template's form: subject, text, its placeholders, save or back to the default, preview and test. */
function TemplateForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation('communication');
  const errorText = useErrorText();
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const test = useTestTemplate();
  const { ref, focusError } = useFocusError();
  const [memberId, setMemberId] = useState<number | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<Values>({
    initialValues: { subject: template.subject, body: template.body },
    validate: zodValidate<Values>(emailTemplateInputSchema, (values) => ({ ...values, name: template.name })),
  });
  const input = () => ({ name: template.name, ...form.getValues() });
  const withMember = () => ({ ...input(), ...(memberId === null ? {} : { userId: memberId }) });
  const onServerError = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    focusError();
  };
  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { name: template.name, ...values },
        {
          onSuccess: () => notifications.show({ color: 'brand', message: t('templates.saved') }),
          onError: onServerError,
        },
      ),
    () => focusError(),
  );
  const check = (then: () => void) => {
    if (form.validate().hasErrors) focusError();
    else then();
  };
  const reset = () =>
    save.mutate(
      { name: template.name, subject: template.defaultSubject, body: template.defaultBody },
      {
        onSuccess: () => {
          form.setValues({ subject: template.defaultSubject, body: template.defaultBody });
          setConfirmReset(false);
          notifications.show({ color: 'brand', message: t('templates.saved') });
        },
      },
    );
  const failure = save.error ?? preview.error ?? test.error;

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="xs">
          <Badge variant="light" color={template.isCustom ? 'brand' : 'gray'}>
            {template.isCustom ? t('templates.custom') : t('templates.default')}
          </Badge>
        </Group>
        <TextInput label={t('templates.subject')} withAsterisk size="md" {...form.getInputProps('subject')} />
        <Textarea
          label={t('templates.body')}
          withAsterisk
          autosize
          minRows={8}
          size="md"
          {...form.getInputProps('body')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={600} id={`placeholders-${template.name}`}>
            {t('templates.placeholders')}
          </Text>
          <Group gap={6} aria-labelledby={`placeholders-${template.name}`} role="list">
            {template.placeholders.map((name) => (
              <Code key={name} role="listitem">{`{${name}}`}</Code>
            ))}
          </Group>
        </Stack>
        {failure ? <FormError>{errorText(failure)}</FormError> : null}
        <Group>
          <Button
            type="submit"
            size="md"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('templates.save')}
          </Button>
          {template.isCustom && (
            <Button
              variant="light"
              size="md"
              leftSection={<IconRestore size={18} aria-hidden />}
              onClick={() => setConfirmReset(true)}
            >
              {t('templates.reset')}
            </Button>
          )}
        </Group>
        <MemberPicker value={memberId} onChange={setMemberId} />
        <Group>
          <Button
            variant="light"
            size="md"
            loading={preview.isPending}
            leftSection={<IconEye size={18} aria-hidden />}
            onClick={() => check(() => preview.mutate(withMember(), { onError: onServerError }))}
          >
            {t('templates.preview')}
          </Button>
          <Button
            variant="light"
            size="md"
            loading={test.isPending}
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={() =>
              check(() =>
                test.mutate(withMember(), {
                  onSuccess: (sent) =>
                    notifications.show({
                      color: sent.smtpSource === 'none' ? 'orange' : 'brand',
                      message:
                        sent.smtpSource === 'none'
                          ? t('templates.testNotSent')
                          : t('templates.testSent', { to: sent.to }),
                    }),
                  onError: onServerError,
                }),
              )
            }
          >
            {t('templates.test')}
          </Button>
        </Group>
        {preview.data && <PreviewCard subject={preview.data.subject} body={preview.data.body} />}
      </Stack>
      <ConfirmDialog
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('templates.resetTitle')}
        text={t('templates.resetText')}
        confirmLabel={t('templates.reset')}
        pending={save.isPending}
        error={save.error}
        onConfirm={reset}
      />
    </form>
  );
}

/** `/applicationManager/settings/emails`: choose an e-mail, edit its template, preview and test it. */
export function EmailTemplates() {
  const { t } = useTranslation('communication');
  const query = useTemplates();
  const [chosen, setChosen] = useState<EmailTemplateName>('welcome');
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const template = query.data.templates.find((item) => item.name === chosen) ?? query.data.templates[0];
  return (
    <Stack gap="lg">
      <NoSmtpBanner source={query.data.smtpSource} />
      <Text>{t('templates.intro')}</Text>
      <Select
        label={t('templates.choose')}
        data={query.data.templates.map((item) => ({
          value: item.name,
          label: t(`templates.names.${item.name}`),
        }))}
        value={chosen}
        onChange={(value) => value && setChosen(value as EmailTemplateName)}
        allowDeselect={false}
        size="md"
      />
      {template && <TemplateForm key={`${template.name}-${template.isCustom}`} template={template} />}
    </Stack>
  );
}
