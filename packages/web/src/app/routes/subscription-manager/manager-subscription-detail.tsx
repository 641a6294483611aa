import { useNavigate } from 'react-router';
import { SubscriptionExports } from '../../../features/bank/manager/subscription-exports';
import { ManagerSubscriptionDetail } from '../../../features/subscription/components/manager-subscription-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

const links = {
  edit: paths.manager.subscriptions.edit.getHref,
  assign: paths.manager.subscriptions.assign.getHref,
};

/** /applicationManager/subscription/{id}: one subscription, its members and money. */
export function ManagerSubscriptionDetailRoute() {
  const id = useIdParam('id');
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <ManagerSubscriptionDetail
      id={id}
      links={links}
      exports={<SubscriptionExports subscriptionId={id} />}
      onDeleted={() => void navigate(paths.manager.subscriptions.list.getHref(), { replace: true })}
    />
  );
}
