import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { useOffer } from '../../../features/market/api/get-offer';
import { ConfirmPaidView } from '../../../features/market/components/confirm-paid';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useNumberParam } from './use-number-param';

function ConfirmPaidScreen({ offerId, reservationId }: { offerId: number; reservationId: number }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const query = useOffer(offerId);
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
  const offerHref = paths.marketOffer.getHref(offerId);
  return (
    <Stack gap="lg">
      <BackLink to={offerHref}>{t('confirmPaid.backToOffer')}</BackLink>
      <ConfirmPaidView
        offerId={offerId}
        reservationId={reservationId}
        onDone={() => void navigate(offerHref, { replace: true })}
      />
    </Stack>
  );
}

/** /market/offer/{id}/confirm-paid/{reservationId}: the owner confirms the payment or refuses. */
export function ConfirmPaidRoute() {
  const offerId = useNumberParam('id');
  const reservationId = useNumberParam('takerId');
  if (offerId === null || reservationId === null) return <NotFoundRoute />;
  return <ConfirmPaidScreen offerId={offerId} reservationId={reservationId} />;
}
