import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../features/user/components/change-password-form';
import { useGoBack } from '../../layouts/modal-layout';

/** /account/editpassword (modal layout). */
export function AccountEditPasswordRoute() {
  const { t } = useTranslation('user');
  const goBack = useGoBack();
  return (
    <ChangePasswordForm
      onSaved={() => {
        notifications.show({ color: 'brand', message: t('password.saved') });
        goBack();
      }}
    />
  );
}
