import { RequestList } from '../../../features/request/components/request-list';
import { paths } from '../../paths';

/** /requests: open and taken requests, newest first. */
export function RequestsListRoute() {
  return <RequestList hrefOf={paths.request.getHref} newHref={paths.requestNew.getHref()} />;
}
