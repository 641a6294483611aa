import { MyOrders } from '../../../features/market/components/my-orders';

/** /account/market: my orders, what others reserved from me, and my offers. */
export function AccountMarketRoute() {
  return <MyOrders />;
}
