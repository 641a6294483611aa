import {
  MembershipView,
  type MembershipLinks,
} from '../../../features/subscription/components/membership-view';
// bank (member)
import {
  MemberTransactionList,
  type MemberTransactionLinks,
} from '../../../features/bank/components/member-transaction-list';
import { paths } from '../../paths';

const links: MembershipLinks = {
  editHousehold: paths.account.edit.getHref(),
  subscription: paths.plukSubscription.getHref,
};

// bank (member)
const paymentLinks: MemberTransactionLinks = { payment: paths.bank.payment.getHref };

/**
 * /account/membership: my household, my subscriptions and their prices, my payments, and choosing
 * subscriptions.
 */
export function AccountMembershipRoute() {
  return <MembershipView links={links} payments={<MemberTransactionList links={paymentLinks} />} />;
}
