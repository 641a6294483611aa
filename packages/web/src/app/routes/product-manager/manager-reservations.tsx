import { ManagerReservations } from '../../../features/market/components/manager-reservations';
import { paths } from '../../paths';

/** /applicationManager/product/reservations: every reservation of the farm (ADR 096). */
export function ManagerReservationsRoute() {
  return <ManagerReservations offerHref={paths.manager.products.detail.getHref} />;
}
