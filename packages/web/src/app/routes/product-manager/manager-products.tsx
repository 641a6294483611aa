import { ManagerOfferList } from '../../../features/market/components/manager-offer-list';
import { paths } from '../../paths';

/** /applicationManager/product */
export function ManagerProductsRoute() {
  return (
    <ManagerOfferList
      hrefOf={paths.manager.products.detail.getHref}
      newHref={paths.manager.products.create.getHref()}
      reservationsHref={paths.manager.products.reservations.getHref()}
    />
  );
}
