import { Alert, Button, Card, Group, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconMailForward, IconSend, IconUsers } from '@tabler/icons-react';
import {
  mailingInputSchema,
  roles,
  type CommunicationOptions,
  type MailingAudience,
  type MailingPreview,
  type MailingRecipientCount,
  type Role,
} from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { RichTextField } from '../../../components/rich-text-field';
import { fieldErrors, useErrorText, useFocusError, zodValidate, type FormErrors } from '../../../lib/form';
import { newIdempotencyKey } from '../../harvest/api/keys';
import { useCountRecipients } from '../api/count-recipients';
import { usePreviewMailing } from '../api/preview-mailing';
import { useSendMailing } from '../api/send-mailing';
import { useTestMailing } from '../api/test-mailing';
import { MembersPicker } from './member-picker';
import { mailingOutcome, testOutcome } from './mailing-outcome';
import { RichTextBody } from '../../../components/rich-text-body';

type Kind = MailingAudience['kind'];

interface Draft {
  kind: Kind;
  subscriptionId: string | null;
  role: Role | null;
  userIds: number[];
  subject: string;
  body: string;
}

const emptyDraft: Draft = {
  kind: 'all',
  subscriptionId: null,
  role: null,
  userIds: [],
  subject: '',
  body: '',
};

/** The audience the draft describes, or the message of what is still missing. */
function audienceOf(
  draft: Draft,
  t: (key: 'compose.chooseSubscription' | 'compose.chooseRole' | 'compose.chooseMembers') => string,
): MailingAudience | { error: FormErrors } {
  switch (draft.kind) {
    case 'all':
      return { kind: 'all' };
    case 'subscription':
      return draft.subscriptionId
        ? { kind: 'subscription', subscriptionId: Number(draft.subscriptionId) }
        : { error: { subscriptionId: t('compose.chooseSubscription') } };
    case 'role':
      return draft.role ? { kind: 'role', role: draft.role } : { error: { role: t('compose.chooseRole') } };
    case 'users':
      return draft.userIds.length > 0
        ? { kind: 'users', userIds: draft.userIds }
        : { error: { userIds: t('compose.chooseMembers') } };
  }
}

const validateMessage = zodValidate<Draft>(mailingInputSchema, (draft) => ({
  idempotencyKey: 'compose-check',
  audience: { kind: 'all' },
  subject: draft.subject,
  body: draft.body,
}));

/** The e-mail as the member of the preview gets it: subject and the farm's template filled in. */
function MailingPreviewCard({ preview }: { preview: MailingPreview }) {
  const { t } = useTranslation('communication');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={3} size="h5" className="pluk-wrap">
          {t('compose.previewTitle', { name: preview.member.name })}
        </Title>
        <Text className="pluk-wrap">
          <Text span fw={600}>
            {t('compose.previewSubject')}
          </Text>{' '}
          {preview.subject}
        </Text>
        {preview.html ? (
          <RichTextBody html={preview.html} />
        ) : (
          <Text
            component="pre"
            size="sm"
            className="pluk-wrap"
            style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}
          >
            {preview.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Writes to members: the audience (everyone, a subscription, a role, chosen members), a subject and a
 * rich-text message; "Ontvangers tellen" says how many it reaches before sending. One idempotency key
 * per message, so a double click sends it once; a new key after it went.
 */
export function MailingCompose({ options }: { options: CommunicationOptions }) {
  const { t } = useTranslation('communication');
  const errorText = useErrorText();
  const count = useCountRecipients();
  const send = useSendMailing();
  const preview = usePreviewMailing();
  const test = useTestMailing();
  const { ref, focusError } = useFocusError();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [editorKey, setEditorKey] = useState(0);
  const [confirm, setConfirm] = useState<MailingRecipientCount | null>(null);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
    if ('kind' in patch || 'subscriptionId' in patch || 'role' in patch || 'userIds' in patch) count.reset();
    preview.reset();
  };
  /** The message's own errors (subject, body), shown and focused; true when it is complete. */
  const messageComplete = () => {
    const messageErrors = validateMessage(draft);
    if (Object.keys(messageErrors).length === 0) return true;
    setErrors(messageErrors);
    focusError();
    return false;
  };
  const showPreview = () => {
    const chosen = audience();
    if (!chosen || !messageComplete()) return;
    preview.mutate(
      { audience: chosen, subject: draft.subject, body: draft.body },
      { onError: (error) => setErrors(fieldErrors(error)) },
    );
  };
  const sendTest = () => {
    if (!messageComplete()) return;
    test.mutate(
      { subject: draft.subject, body: draft.body },
      {
        onSuccess: (sent) => notifications.show(testOutcome(t, sent)),
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };
  const audience = (): MailingAudience | null => {
    const result = audienceOf(draft, (key) => t(key));
    if ('error' in result) {
      setErrors(result.error);
      focusError();
      return null;
    }
    return result;
  };
  const showCount = () => {
    const chosen = audience();
    if (chosen) count.mutate(chosen);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosen = audience();
    if (!chosen) return;
    if (!messageComplete()) return;
    count.mutate(chosen, { onSuccess: (result) => setConfirm(result) });
  };
  const confirmSend = () => {
    const chosen = audience();
    if (!chosen) return;
    send.mutate(
      { idempotencyKey, audience: chosen, subject: draft.subject, body: draft.body },
      {
        onSuccess: (sent) => {
          setConfirm(null);
          setDraft(emptyDraft);
          setEditorKey((k) => k + 1);
          setIdempotencyKey(newIdempotencyKey());
          count.reset();
          preview.reset();
          notifications.show(mailingOutcome(t, sent));
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label={t('compose.audience')}
          value={draft.kind}
          onChange={(kind) => change({ kind: kind as Kind })}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {(['all', 'subscription', 'role', 'users'] as const).map((kind) => (
              <Radio key={kind} value={kind} label={t(`compose.audiences.${kind}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {draft.kind === 'subscription' && (
          <Select
            label={t('compose.subscription')}
            data={options.subscriptions.map((s) => ({
              value: String(s.id),
              label: t('compose.subscriptionOption', { name: s.name, year: s.harvestYear }),
            }))}
            value={draft.subscriptionId}
            onChange={(subscriptionId) => change({ subscriptionId })}
            error={errors.subscriptionId}
            searchable
            withAsterisk
            size="md"
          />
        )}
        {draft.kind === 'role' && (
          <Select
            label={t('compose.role')}
            data={[...roles]}
            value={draft.role}
            onChange={(role) => change({ role: role as Role | null })}
            error={errors.role}
            withAsterisk
            size="md"
          />
        )}
        {draft.kind === 'users' && (
          <MembersPicker
            value={draft.userIds}
            onChange={(userIds) => change({ userIds })}
            error={errors.userIds}
          />
        )}
        <TextInput
          label={t('compose.subject')}
          value={draft.subject}
          onChange={(event) => change({ subject: event.currentTarget.value })}
          error={errors.subject}
          withAsterisk
          size="md"
        />
        <RichTextField
          key={editorKey}
          label={t('compose.message')}
          description={t('compose.messageHelp')}
          initialValue=""
          onChange={(body) => change({ body })}
          error={errors.body}
        />
        {errors.audience && <FormError>{errors.audience}</FormError>}
        {count.isError && <FormError>{errorText(count.error)}</FormError>}
        {preview.isError && <FormError>{errorText(preview.error)}</FormError>}
        {test.isError && <FormError>{errorText(test.error)}</FormError>}
        <div aria-live="polite">
          {count.data && (
            <Alert
              color={count.data.recipients === 0 ? 'orange' : 'brand'}
              icon={<IconUsers size={20} aria-hidden />}
            >
              <Text>{t('compose.recipients', { count: count.data.recipients })}</Text>
              {count.data.optedOut > 0 && (
                <Text size="sm">{t('compose.optedOut', { count: count.data.optedOut })}</Text>
              )}
            </Alert>
          )}
        </div>
        <Group>
          <Button
            variant="light"
            size="md"
            loading={count.isPending && !confirm}
            leftSection={<IconUsers size={18} aria-hidden />}
            onClick={showCount}
          >
            {t('compose.count')}
          </Button>
          <Button
            variant="light"
            size="md"
            loading={preview.isPending}
            leftSection={<IconEye size={18} aria-hidden />}
            onClick={showPreview}
          >
            {t('compose.preview')}
          </Button>
          <Button
            variant="light"
            size="md"
            loading={test.isPending}
            leftSection={<IconMailForward size={18} aria-hidden />}
            onClick={sendTest}
          >
            {t('compose.test')}
          </Button>
          <Button type="submit" size="md" leftSection={<IconSend size={18} aria-hidden />}>
            {t('compose.send')}
          </Button>
        </Group>
        <div aria-live="polite">{preview.data && <MailingPreviewCard preview={preview.data} />}</div>
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('compose.confirmTitle')}
        text={t('compose.confirmText', { count: confirm?.recipients ?? 0, subject: draft.subject })}
        confirmLabel={t('compose.send')}
        pending={send.isPending}
        error={send.error}
        onConfirm={confirmSend}
      />
    </form>
  );
}
