import { Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link';
import { CommentSection } from '../../../features/comment/components/comment-section';
import { useOffer } from '../../../features/market/api/get-offer';
import { OfferDetailView } from '../../../features/market/components/offer-detail';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useNumberParam } from './use-number-param';

function OfferScreen({ id }: { id: number }) {
  // The same query the view uses: an offer that does not exist (any more, or of another farm) gets the
  // not-found page, and the comments show once the offer itself could be loaded.
  const query = useOffer(id);
  const { t } = useTranslation('market');
  if (query.isError && isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
  return (
    <Stack gap="lg">
      <BackLink to={paths.market.getHref()}>{t('detail.backToList')}</BackLink>
      <OfferDetailView offerId={id} />
      {query.isSuccess && (
        <>
          <Divider />
          <CommentSection subjectType="offer" subjectId={id} />
        </>
      )}
    </Stack>
  );
}

/** /market/offer/{id}: the offer, take or buy it, my reservations (or, for its owner, all), comments. */
export function OfferDetailRoute() {
  const id = useNumberParam('id');
  if (id === null) return <NotFoundRoute />;
  return <OfferScreen id={id} />;
}
