import { useNavigate, useParams } from 'react-router';
import { ManagerOfferDetailView } from '../../../features/market/components/manager-offer-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';

/** /applicationManager/product/Detail/{productId}: the offer with its takers, actions and comments. */
export function ManagerProductDetailRoute() {
  const { productId } = useParams();
  const navigate = useNavigate();
  const id = Number(productId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return (
    <ManagerOfferDetailView
      offerId={id}
      editHref={paths.manager.products.edit.getHref(id)}
      reservationsHref={paths.manager.products.reservations.getHref(id)}
      onDeleted={() => void navigate(paths.manager.products.list.getHref(), { replace: true })}
    />
  );
}
