import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ProfileForm } from '../../../features/user/components/profile-form';
import { useAccount } from '../../../features/user/api/get-account';
import { useGoBack } from '../../layouts/modal-layout';

/** /account/edit (modal layout). */
export function AccountEditRoute() {
  const { t } = useTranslation('user');
  const account = useAccount().data;
  const goBack = useGoBack();
  if (!account) return null;
  return (
    <ProfileForm
      account={account}
      onSaved={(saved) => {
        // ADR 087: a new address counts once its owner used the link sent to it.
        const message = saved.pendingEmail
          ? t('edit.savedPendingEmail', { email: saved.pendingEmail })
          : t('edit.saved');
        notifications.show({ color: 'brand', message });
        goBack();
      }}
    />
  );
}
