import { CreditOverview } from '../../../features/credit/components/credit-overview';
import { paths } from '../../paths';

/** /account/credits: my credits this harvest year and their total. */
export function AccountCreditsRoute() {
  return <CreditOverview hrefOf={paths.task.getHref} tasksHref={paths.tasks.getHref()} />;
}
