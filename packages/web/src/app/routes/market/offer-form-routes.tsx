import { notifications } from '@mantine/notifications';
import type { OfferDetail } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagerOffer, useOffer } from '../../../features/market/api/get-offer';
import { OfferForm } from '../../../features/market/components/offer-form';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useNumberParam } from './use-number-param';

function useAfterSave(hrefOf: (id: number) => string) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (offer: OfferDetail) => {
    notifications.show({ color: 'brand', message: t('form.saved') });
    void navigate(hrefOf(offer.id), { replace: true });
  };
}

/** /market/new (modal layout): put up an offer. */
export function OfferNewRoute() {
  const onSaved = useAfterSave(paths.marketOffer.getHref);
  return <OfferForm onSaved={onSaved} />;
}

function OfferEdit({ id }: { id: number }) {
  const query = useOffer(id);
  const onSaved = useAfterSave(paths.marketOffer.getHref);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Only the owner edits here (a manager uses the manager's form).
  if (!query.data.isMine) return <NotFoundRoute />;
  return <OfferForm offer={query.data} onSaved={onSaved} />;
}

/** /market/offer/{id}/edit (modal layout): change my offer. */
export function OfferEditRoute() {
  const id = useNumberParam('id');
  if (id === null) return <NotFoundRoute />;
  return <OfferEdit id={id} />;
}

/** /applicationManager/product/edit (modal layout): a ProductManager puts up an offer of the farm. */
export function ManagerOfferNewRoute() {
  const onSaved = useAfterSave(paths.manager.products.detail.getHref);
  return <OfferForm mode="manager" onSaved={onSaved} />;
}

function ManagerOfferEdit({ id }: { id: number }) {
  const query = useManagerOffer(id);
  const onSaved = useAfterSave(paths.manager.products.detail.getHref);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <OfferForm offer={query.data} mode="manager" onSaved={onSaved} />;
}

/** /applicationManager/product/Edit/{productId} (modal layout): a ProductManager changes any offer. */
export function ManagerOfferEditRoute() {
  const id = useNumberParam('productId');
  if (id === null) return <NotFoundRoute />;
  return <ManagerOfferEdit id={id} />;
}
