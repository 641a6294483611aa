import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequestResetForm } from '../../../features/auth/components/request-reset-form';
import { paths } from '../../paths';

/** /request-reset */
export function RequestResetRoute() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="lg">
      <RequestResetForm />
      <Anchor component={Link} to={paths.login.getHref()} size="sm" className="pluk-touch-link">
        {t('requestReset.backToLogin')}
      </Anchor>
    </Stack>
  );
}
