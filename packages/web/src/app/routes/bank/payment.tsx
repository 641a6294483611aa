import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PaymentPage } from '../../../features/bank/components/member-payment-page';
import { useAppStore } from '../../../lib/store';
import { paths } from '../../paths';

/**
 * /account/membership/{publicId}: one transaction to pay, no login needed. A signed-in member also
 * gets a way back to their list; a visitor from the e-mail link has nowhere else to go.
 */
export function PaymentRoute() {
  const { t } = useTranslation('bank');
  const { publicId = '' } = useParams();
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  return (
    <Stack gap="lg">
      {loggedIn && <BackLink to={paths.account.membership.getHref()}>{t('payment.backToMine')}</BackLink>}
      <PaymentPage publicId={publicId} />
    </Stack>
  );
}
