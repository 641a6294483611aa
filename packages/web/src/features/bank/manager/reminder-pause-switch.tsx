import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useReminderPause, useSetReminderPause } from './api/reopen-and-bulk';
import { notifyError, notifySuccess } from './notify';

/**
 * "Herinneringen gepauzeerd" for one member (ADR 093): the farm's schedule skips their transactions
 * while it is on (a payment plan, a member abroad); a manager can still send one by hand.
 */
export function ReminderPauseSwitch({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const pause = useReminderPause(userId);
  const save = useSetReminderPause(userId);
  const paused = save.isPending ? (save.variables ?? false) : (pause.data?.paused ?? false);
  return (
    <Switch
      size="md"
      label={t('pause.label')}
      description={pause.isError ? errorText(pause.error) : t('pause.help')}
      classNames={{ description: 'pluk-wrap', label: 'pluk-wrap' }}
      checked={paused}
      disabled={pause.isPending || pause.isError || save.isPending}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        save.mutate(on, {
          onSuccess: () => notifySuccess(t(on ? 'pause.paused' : 'pause.resumed', { name })),
          onError: (error) => notifyError(errorText(error)),
        });
      }}
    />
  );
}
