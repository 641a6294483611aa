import { OfferList } from '../../../features/market/components/offer-list';
import { paths } from '../../paths';

/** /market: the active offers, search and filter, and "Nieuw aanbod". */
export function MarketListRoute() {
  return (
    <OfferList
      hrefOf={paths.marketOffer.getHref}
      newHref={paths.marketNew.getHref()}
      ordersHref={paths.account.market.getHref()}
    />
  );
}
