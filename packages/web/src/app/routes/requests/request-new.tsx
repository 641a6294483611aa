import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RequestForm } from '../../../features/request/components/request-form';
import { paths } from '../../paths';

/** /requests/new (modal layout): after saving, the new request's page. */
export function RequestNewRoute() {
  const { t } = useTranslation('requests');
  const navigate = useNavigate();
  return (
    <RequestForm
      walletHref={paths.wallet.getHref()}
      onSaved={(request) => {
        notifications.show({ color: 'brand', message: t('form.created') });
        void navigate(paths.request.getHref(request.id), { replace: true });
      }}
    />
  );
}
