import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A new e-mail address waiting for its owner's confirmation (ADR 087): the account keeps its confirmed
 * address until the link sent to the new one is used. `self` words it for the member; without it, for a
 * manager looking at a member. The cancel button drops the change.
 */
export function PendingEmailNotice({
  pendingEmail,
  currentEmail,
  self,
  onCancel,
  cancelling,
}: {
  pendingEmail: string;
  currentEmail: string;
  self: boolean;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation('emailChange');
  return (
    <Alert
      color="yellow"
      variant="light"
      role="note"
      icon={<IconMailForward size={20} aria-hidden />}
      title={<span className="pluk-wrap">{t('pending', { email: pendingEmail })}</span>}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" className="pluk-wrap">
          {self
            ? t('pendingSelf', { current: currentEmail })
            : t('pendingManager', { current: currentEmail })}
        </Text>
        {onCancel && (
          <Button variant="default" size="sm" loading={cancelling} onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
