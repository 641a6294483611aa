import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconKey, IconMailForward, IconTrash, type Icon } from '@tabler/icons-react';
import type { MemberMailResult } from '@pluk/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { SavingProgress } from '../../../components/upload-parts';
import { fieldErrors, useErrorText } from '../../../lib/form';
import { useRemoveApp } from '../api/remove-app';
import { useResendWelcomeEmails } from '../api/resend-welcome-emails';
import { useResetAllPasswords } from '../api/reset-all-passwords';

type MailAction = 'welcome' | 'reset';

/** One action on every member: what it does, its button, the confirmation and how many it reached. */
function MemberMailAction({
  action,
  icon: ActionIcon,
  appName,
  mutation,
}: {
  action: MailAction;
  icon: Icon;
  appName: string;
  mutation: UseMutationResult<MemberMailResult, unknown, void>;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const result = mutation.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t(`actions.${action}.title`)}
        </Title>
        <Text size="sm">{t(`actions.${action}.text`)}</Text>
        {result && (
          <Alert
            color="brand"
            icon={<IconCheck aria-hidden />}
            role="status"
            title={t(`actions.${action}.resultTitle`)}
          >
            {t(`actions.${action}.result`, { count: result.queued })}
            {result.skipped > 0 && ` ${t(`actions.${action}.skipped`, { count: result.skipped })}`}
          </Alert>
        )}
        {mutation.isError && !asking && <FormError>{errorText(mutation.error)}</FormError>}
        <SavingProgress pending={mutation.isPending} label={t(`actions.${action}.sending`)} />
        <div>
          <Button
            variant="light"
            leftSection={<ActionIcon size={18} aria-hidden />}
            loading={mutation.isPending}
            onClick={() => {
              mutation.reset();
              setAsking(true);
            }}
          >
            {t(`actions.${action}.button`)}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t(`actions.${action}.confirmTitle`)}
        text={t(`actions.${action}.confirmText`, { appName })}
        confirmLabel={t(`actions.${action}.confirm`)}
        pending={mutation.isPending}
        error={null}
        onConfirm={() => {
          setAsking(false);
          mutation.mutate();
        }}
      />
    </Card>
  );
}

/** Removing this farm: the dialog asks for its name, typed; then the Admin is signed out. */
function RemoveFarm({ appName, onRemoved }: { appName: string; onRemoved: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useRemoveApp();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const [missing, setMissing] = useState(false);
  const titleId = useId();
  const nameError = missing ? t('actions.remove.nameRequired') : fieldErrors(remove.error).confirmName;
  const close = () => {
    setAsking(false);
    setTyped('');
    setMissing(false);
    remove.reset();
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('actions.remove.title')}
        </Title>
        <Text size="sm">{t('actions.remove.text', { appName })}</Text>
        <div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setAsking(true)}
          >
            {t('actions.remove.button')}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        opened={asking}
        onClose={close}
        title={t('actions.remove.confirmTitle', { appName })}
        text={t('actions.remove.confirmText', { appName })}
        confirmLabel={t('actions.remove.confirm')}
        color="red"
        pending={remove.isPending}
        error={nameError ? null : remove.error}
        onConfirm={() => {
          if (typed.trim() === '') {
            setMissing(true);
            return;
          }
          remove.mutate(typed, {
            onSuccess: () => {
              notifications.show({ color: 'brand', message: t('actions.remove.removed', { appName }) });
              onRemoved();
            },
          });
        }}
      >
        <TextInput
          label={t('actions.remove.nameLabel')}
          description={t('actions.remove.nameHelp', { appName })}
          required
          autoComplete="off"
          data-autofocus
          value={typed}
          error={nameError}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            setMissing(false);
          }}
        />
      </ConfirmDialog>
    </Card>
  );
}

/**
 * `/applicationManager/settings/Actions` (Admin): the welcome e-mails again, a reset link for every
 * member, and removing this farm with all its data — each after a confirmation.
 */
export function AdminActions({ appName, onRemoved }: { appName: string; onRemoved: () => void }) {
  const { t } = useTranslation('admin');
  const resend = useResendWelcomeEmails();
  const reset = useResetAllPasswords();
  return (
    <Stack gap="md">
      <Text>{t('actions.intro', { appName })}</Text>
      <MemberMailAction action="welcome" icon={IconMailForward} appName={appName} mutation={resend} />
      <MemberMailAction action="reset" icon={IconKey} appName={appName} mutation={reset} />
      <RemoveFarm appName={appName} onRemoved={onRemoved} />
    </Stack>
  );
}
