import {
  MembershipView,
  type MembershipLinks,
} from '../../../features/subscription/components/membership-view';
import { paths } from '../../paths';

const links: MembershipLinks = {
  editHousehold: paths.account.edit.getHref(),
  subscription: paths.plukSubscription.getHref,
};

/** /account/membership: my household, my subscriptions and their prices, and choosing subscriptions. */
export function AccountMembershipRoute() {
  return <MembershipView links={links} />;
}
