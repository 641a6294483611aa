import { Alert } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import type { SmtpSource } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

/** Said on every e-mail screen while the farm has no SMTP server: e-mails are recorded, not sent. */
export function NoSmtpBanner({ source }: { source: SmtpSource | undefined }) {
  const { t } = useTranslation('communication');
  if (source !== 'none') return null;
  return (
    <Alert color="orange" title={t('noSmtp.title')} icon={<IconMailOff size={20} aria-hidden />}>
      {t('noSmtp.text')}
    </Alert>
  );
}
