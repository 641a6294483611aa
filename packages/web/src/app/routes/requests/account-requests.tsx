import { MyRequests } from '../../../features/request/components/my-requests';
import { paths } from '../../paths';

/** /account/requests: what I asked and what I took. */
export function AccountRequestsRoute() {
  return (
    <MyRequests
      hrefOf={paths.request.getHref}
      requestsHref={paths.requests.getHref()}
      newHref={paths.requestNew.getHref()}
    />
  );
}
