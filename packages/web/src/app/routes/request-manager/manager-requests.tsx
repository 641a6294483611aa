import { ManagerRequestList } from '../../../features/request/components/manager-request-list';

/** /applicationManager/requests */
export function ManagerRequestsRoute() {
  return <ManagerRequestList />;
}
