import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { FormError } from '../../../../components/form-error';
import { SavingProgress } from '../../../../components/upload-parts';
import { useErrorText } from '../../../../lib/form';
import { useSendReminders } from '../api/send-reminders';

/**
 * "Herinnering sturen": after a confirmation, a reminder e-mail to every member who has not answered (at
 * most one a day each), and how many went and how many were reminded today already.
 */
export function RemindMembers({ policyId, notAnswered }: { policyId: number; notAnswered: number }) {
  const { t } = useTranslation('reenrolmentManager');
  const errorText = useErrorText();
  const remind = useSendReminders();
  const [asking, setAsking] = useState(false);
  const result = remind.data;
  return (
    <Stack gap="xs">
      {result && (
        <Alert color="brand" icon={<IconCheck aria-hidden />} role="status" title={t('remind.resultTitle')}>
          {t('remind.result', { count: result.queued, skipped: result.skipped })}
        </Alert>
      )}
      {remind.isError && <FormError>{errorText(remind.error)}</FormError>}
      {notAnswered === 0 ? (
        <Text c="dimmed">{t('remind.nobody')}</Text>
      ) : (
        <>
          <Group>
            <Button
              variant="light"
              leftSection={<IconMailForward size={18} aria-hidden />}
              loading={remind.isPending}
              aria-describedby="remind-help"
              onClick={() => {
                remind.reset();
                setAsking(true);
              }}
            >
              {t('remind.button')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" id="remind-help">
            {t('remind.help')}
          </Text>
        </>
      )}
      <SavingProgress pending={remind.isPending} label={t('remind.sending')} />
      <ConfirmDialog
        opened={asking}
        onClose={() => setAsking(false)}
        title={t('remind.confirmTitle')}
        text={t('remind.confirmText', { count: notAnswered })}
        confirmLabel={t('remind.confirm')}
        pending={remind.isPending}
        error={null}
        onConfirm={() => {
          setAsking(false);
          remind.mutate(policyId);
        }}
      />
    </Stack>
  );
}
