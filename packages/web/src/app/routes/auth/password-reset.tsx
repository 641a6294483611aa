import { Alert, Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { paths } from '../../paths';

/** /auth/passwordReset/:token/:userId, the link of the reset e-mail. */
export function PasswordResetRoute() {
  const { t } = useTranslation('auth');
  const { token = '', userId = '' } = useParams();
  const id = Number(userId);
  if (!token || !Number.isInteger(id) || id <= 0) {
    return (
      <Alert color="red" role="alert">
        {t('passwordReset.invalid')}
        <Anchor
          component={Link}
          to={paths.requestReset.getHref()}
          display="flex"
          className="pluk-touch-link"
          style={{ justifyContent: 'flex-start' }}
        >
          {t('passwordReset.requestNew')}
        </Anchor>
      </Alert>
    );
  }
  return <ResetPasswordForm token={token} userId={id} />;
}
