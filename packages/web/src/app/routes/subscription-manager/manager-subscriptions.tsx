import { ManagerSubscriptionList } from '../../../features/subscription/components/manager-subscription-list';
import { paths } from '../../paths';

const links = {
  detail: paths.manager.subscriptions.detail.getHref,
  create: (harvestYear: number) => `${paths.manager.subscriptions.create.getHref()}?oogstjaar=${harvestYear}`,
};

/** /applicationManager/subscription: all subscriptions, this harvest year and next. */
export function ManagerSubscriptionsRoute() {
  return <ManagerSubscriptionList links={links} />;
}
