import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { FormError } from '../../../components/form-error';
import { formatDate } from '../../../lib/dates';
import { useErrorText } from '../../../lib/form';
import {
  useCalendarLink,
  useCalendarSettings,
  useCreateCalendarLink,
  useRevokeCalendarLink,
} from '../api/calendar';

/**
 * The 'Agenda' card of /account (decision 100): my chores and events as a calendar feed. The `webcal:`
 * link shows right after it was made (the server keeps only its hash); a new link replaces the old one,
 * which stops working at once, so that asks first.
 */
export function CalendarCard() {
  const { t } = useTranslation(['user', 'common']);
  const errorText = useErrorText();
  const link = useCalendarLink();
  const create = useCreateCalendarLink();
  const revoke = useRevokeCalendarLink();
  const settings = useCalendarSettings();
  const state = link.data;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="calendar-title">
      <Stack gap="sm">
        <Title order={3} id="calendar-title" size="h4">
          {t('calendar.title')}
        </Title>
        <Text size="sm">{t('calendar.intro')}</Text>
        {link.isError && <FormError>{errorText(link.error)}</FormError>}
        {state && (
          <>
            {state.url ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('calendar.linkLabel')}
                </Text>
                <Text size="sm" ff="monospace" className="pluk-wrap" data-testid="calendar-link">
                  {state.url}
                </Text>
                <Group gap="xs">
                  <Button
                    component="a"
                    href={state.url}
                    leftSection={<IconCalendarPlus size={18} aria-hidden />}
                  >
                    {t('calendar.add')}
                  </Button>
                  <CopyButton value={state.url} timeout={2500}>
                    {({ copied, copy }) => (
                      <>
                        <Button
                          variant="light"
                          color={copied ? 'green' : undefined}
                          leftSection={
                            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                          }
                          onClick={copy}
                        >
                          {copied ? t('calendar.copied') : t('calendar.copy')}
                        </Button>
                        <VisuallyHidden role="status">
                          {copied ? t('calendar.copiedStatus') : ''}
                        </VisuallyHidden>
                      </>
                    )}
                  </CopyButton>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('calendar.onceOnly')}
                </Text>
              </>
            ) : state.hasLink ? (
              <Alert color="brand" variant="light" p="sm">
                <Text size="sm">
                  {t('calendar.active', { date: state.linkCreatedAt ? formatDate(state.linkCreatedAt) : '' })}
                </Text>
              </Alert>
            ) : (
              <Button
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
                loading={create.isPending}
                onClick={() =>
                  create.mutate(undefined, {
                    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                  })
                }
              >
                {t('calendar.make')}
              </Button>
            )}
            <Switch
              size="md"
              label={t('calendar.allEvents')}
              description={t('calendar.allEventsHelp')}
              checked={
                settings.isPending ? (settings.variables?.allEvents ?? state.allEvents) : state.allEvents
              }
              disabled={settings.isPending}
              onChange={(event) =>
                settings.mutate(
                  { allEvents: event.currentTarget.checked },
                  {
                    onSuccess: () => notifications.show({ color: 'brand', message: t('calendar.saved') }),
                    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                  },
                )
              }
            />
            {state.hasLink && (
              <Group gap="xs">
                <ConfirmActionButton
                  variant="default"
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  confirm={{
                    mutation: create,
                    variables: undefined,
                    title: t('calendar.renewTitle'),
                    text: t('calendar.renewText'),
                    confirmLabel: t('calendar.renew'),
                    success: t('calendar.renewed'),
                  }}
                >
                  {t('calendar.renew')}
                </ConfirmActionButton>
                <ConfirmActionButton
                  variant="subtle"
                  color="red"
                  confirm={{
                    mutation: revoke,
                    variables: undefined,
                    title: t('calendar.revokeTitle'),
                    text: t('calendar.revokeText'),
                    confirmLabel: t('calendar.revoke'),
                    color: 'red',
                    success: t('calendar.revoked'),
                  }}
                >
                  {t('calendar.revoke')}
                </ConfirmActionButton>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
