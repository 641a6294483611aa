import { PlukList, type PlukLinks } from '../../../features/pluk/components/pluk-list';
import { paths } from '../../paths';

const links: PlukLinks = {
  crop: paths.plukDetail.getHref,
  subscription: paths.plukSubscription.getHref,
  membership: paths.account.membership.getHref(),
};

/** /pluk: the harvest of the moment, per subscription of mine. */
export function PlukListRoute() {
  return <PlukList links={links} />;
}
