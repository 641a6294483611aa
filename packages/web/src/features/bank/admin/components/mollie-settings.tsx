import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconTrash, IconWebhook } from '@tabler/icons-react';
import { mollieKeyBodySchema, type MollieStatus } from '@pluk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../../components/confirm-action-button';
import { EmptyState } from '../../../../components/empty-state';
import { FormError } from '../../../../components/form-error';
import { PasswordField } from '../../../../components/password-field';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { formatMoment } from '../../../../lib/dates';
import { fieldErrors, useErrorText, useFocusError } from '../../../../lib/form';
import { useMollieStatus, useRemoveMollieKey, useSaveMollieKey } from '../api/mollie';

export interface MollieLinks {
  /** The manager's page of one transaction. */
  transactionHref: (id: number) => string;
}

/** The webhook outcomes the server names; anything newer is shown as the server wrote it. */
const knownOutcomes = ['paid', 'unchanged', 'unknown-payment', 'provider-unavailable'] as const;
type KnownOutcome = (typeof knownOutcomes)[number];
type WebhookCall = MollieStatus['webhookCalls'][number];
const isKnownOutcome = (outcome: string): outcome is KnownOutcome =>
  (knownOutcomes as readonly string[]).includes(outcome);

/** Not configured, connected (test or live) or refused, with the masked key. */
function Connection({ status }: { status: MollieStatus }) {
  const { t } = useTranslation('bankAdmin');
  if (!status.configured) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={t('mollie.notConfiguredTitle')}>
        {t('mollie.notConfigured')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {status.connection === null ? (
        <Text>{t('mollie.unchecked')}</Text>
      ) : status.connection.ok ? (
        <Group gap="xs">
          <Badge color="green" variant="light" size="lg">
            {status.connection.mode === 'live' ? t('mollie.connectedLive') : t('mollie.connectedTest')}
          </Badge>
          {status.connection.mode === 'test' && <Text size="sm">{t('mollie.testHelp')}</Text>}
        </Group>
      ) : (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('mollie.errorTitle')}>
          {status.connection.message}
        </Alert>
      )}
      {status.maskedKey && (
        <Text className="pluk-wrap">
          {t('mollie.currentKey')} <Code style={{ overflowWrap: 'anywhere' }}>{status.maskedKey}</Code>
        </Text>
      )}
    </Stack>
  );
}

/**
 * A new key: typed into a password field that starts empty every time (the saved key never comes back
 * from the server, only its masked form) and emptied once Mollie accepted it.
 */
function KeyForm({ configured }: { configured: boolean }) {
  const { t } = useTranslation('bankAdmin');
  const errorText = useErrorText();
  const save = useSaveMollieKey();
  const remove = useRemoveMollieKey();
  const { ref, focusError } = useFocusError();
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = mollieKeyBodySchema.safeParse({ apiKey });
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? null);
      focusError();
      return;
    }
    setError(null);
    save.mutate(check.data.apiKey, {
      onSuccess: () => {
        setApiKey('');
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} aria-hidden />,
          message: t('mollie.saved'),
        });
      },
      onError: (failure) => {
        setError(fieldErrors(failure).apiKey ?? null);
        focusError();
      },
    });
  };

  const serverField = save.isError && fieldErrors(save.error).apiKey;
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordField
          label={configured ? t('mollie.newKey') : t('mollie.key')}
          description={t('mollie.keyHelp')}
          required
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          error={error}
          onChange={(event) => {
            setApiKey(event.currentTarget.value);
            setError(null);
          }}
        />
        {save.isError && !serverField && <FormError>{errorText(save.error)}</FormError>}
        <Group>
          <Button type="submit" loading={save.isPending} leftSection={<IconKey size={18} aria-hidden />}>
            {t('mollie.save')}
          </Button>
          {configured && (
            <ConfirmActionButton
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              confirm={{
                mutation: remove,
                variables: undefined,
                title: t('mollie.removeTitle'),
                text: t('mollie.removeText'),
                confirmLabel: t('mollie.remove'),
                color: 'red',
                success: t('mollie.removed'),
              }}
            >
              {t('mollie.remove')}
            </ConfirmActionButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The address Mollie reports payments to, to copy. */
function Webhook({ url }: { url: string }) {
  const { t } = useTranslation('bankAdmin');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('mollie.webhookHelp')}</Text>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {url}
      </Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            onClick={copy}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? t('mollie.copied') : t('mollie.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** The latest calls of Mollie's webhook: when, which payment, Mollie's status, what it did. */
function WebhookCalls({ calls, links }: { calls: MollieStatus['webhookCalls']; links: MollieLinks }) {
  const { t } = useTranslation('bankAdmin');
  const wide = useMediaQuery('(min-width: 48em)');
  if (calls.length === 0) {
    return <EmptyState icon={IconWebhook} title={t('mollie.noCallsTitle')} text={t('mollie.noCallsText')} />;
  }
  const outcome = (call: WebhookCall) => (
    <Badge variant="light" color={call.outcome === 'paid' ? 'green' : 'gray'}>
      {isKnownOutcome(call.outcome) ? t(`mollie.outcome.${call.outcome}`) : call.outcome}
    </Badge>
  );
  const transaction = (call: WebhookCall) =>
    call.transactionId !== null && (
      <Anchor component={Link} to={links.transactionHref(call.transactionId)} size="sm">
        {t('mollie.toTransaction', { id: call.transactionId })}
      </Anchor>
    );
  const status = (call: WebhookCall) => call.mollieStatus ?? t('mollie.statusUnknown');
  if (wide) {
    return (
      <Table.ScrollContainer minWidth={600}>
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Caption>{t('mollie.callsCaption', { count: calls.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('mollie.callTime')}</Table.Th>
              <Table.Th scope="col">{t('mollie.callPaymentId')}</Table.Th>
              <Table.Th scope="col">{t('mollie.callStatus')}</Table.Th>
              <Table.Th scope="col">{t('mollie.callOutcome')}</Table.Th>
              <Table.Th scope="col">{t('mollie.callTransaction')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calls.map((call) => (
              <Table.Tr key={call.id}>
                <Table.Td>{formatMoment(call.receivedAt)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{call.paymentId}</Table.Td>
                <Table.Td>{status(call)}</Table.Td>
                <Table.Td>{outcome(call)}</Table.Td>
                <Table.Td>{transaction(call) || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('mollie.callsCaption', { count: calls.length })}
    >
      {calls.map((call) => (
        <Card component="li" key={call.id} withBorder radius="sm" padding="sm">
          <Stack gap={2}>
            <Group justify="space-between" gap="xs">
              <Text fw={600}>{formatMoment(call.receivedAt)}</Text>
              {outcome(call)}
            </Group>
            <Text size="sm" className="pluk-wrap">
              {t('mollie.callPayment', { id: call.paymentId, status: status(call) })}
            </Text>
            {transaction(call)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** `/applicationManager/mollie`: the connection, the key, the webhook address and its latest calls. */
export function MollieSettings({ links }: { links: MollieLinks }) {
  const { t } = useTranslation('bankAdmin');
  const query = useMollieStatus();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const status = query.data;
  return (
    <Stack gap="lg">
      <section aria-labelledby="mollie-connection">
        <Title order={2} size="h3" id="mollie-connection" mb="xs">
          {t('mollie.connectionTitle')}
        </Title>
        <Stack gap="md">
          <Text>{t('mollie.intro')}</Text>
          <Connection status={status} />
          <KeyForm configured={status.configured} />
        </Stack>
      </section>
      <section aria-labelledby="mollie-webhook">
        <Title order={2} size="h3" id="mollie-webhook" mb="xs">
          {t('mollie.webhookTitle')}
        </Title>
        <Webhook url={status.webhookUrl} />
      </section>
      <section aria-labelledby="mollie-calls">
        <Title order={2} size="h3" id="mollie-calls" mb="xs">
          {t('mollie.callsTitle')}
        </Title>
        <WebhookCalls calls={status.webhookCalls} links={links} />
      </section>
    </Stack>
  );
}
