import { Alert, Card, Switch, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentPushState,
  disablePush,
  enablePush,
  PushNotReadyError,
  refreshPushSubscription,
  type PushState,
} from '../push';

/** "Meldingen op dit toestel": allow web push on this browser, with Dutch states. */
export function PushToggle() {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    currentPushState().then(
      (current) => {
        if (!active) return;
        setState(current);
        // Keep the server's record with whoever is signed in on this browser now.
        if (current === 'on') void refreshPushSubscription().catch(() => undefined);
      },
      () => active && setState('off'),
    );
    return () => {
      active = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = on ? await enablePush() : await disablePush();
      setState(next);
      if (next === 'on') toasts.show({ color: 'green', message: t('push.enabled') });
      if (!on) toasts.show({ message: t('push.disabled') });
    } catch (error) {
      setProblem(error instanceof PushNotReadyError ? t('push.notReady') : t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  const description =
    state === 'unsupported'
      ? t('push.unsupported')
      : state === 'denied'
        ? t('push.denied')
        : state === 'on'
          ? t('push.on')
          : state === 'off'
            ? t('push.off')
            : t('push.description');

  return (
    <Card withBorder radius="md" padding="md">
      <Switch
        size="lg"
        label={t('push.label')}
        aria-describedby="push-toggle-state"
        checked={state === 'on'}
        disabled={state === null || state === 'unsupported' || state === 'denied' || busy}
        onChange={(event) => void change(event.currentTarget.checked)}
        styles={{ label: { fontWeight: 600 } }}
      />
      <Text id="push-toggle-state" size="sm" c="dimmed" mt={6}>
        {description}
      </Text>
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
    </Card>
  );
}
