import { AdministrationActions } from '../../../features/admin/components/administration-actions';
import { useAccount } from '../../../features/user/api/get-account';
import { paths } from '../../paths';

const links = {
  yearly: paths.manager.bankYearly.getHref(),
  reenrolment: paths.manager.reenrolment.list.getHref(),
  createQuestions: paths.manager.reenrolment.createQuestions.getHref(),
  adminActions: paths.manager.settings.actions.getHref(),
  createNewApp: paths.manager.settings.createNewApp.getHref(),
};

/** /applicationManager/administration-actions: the bulk actions this manager may open. */
export function AdministrationActionsRoute() {
  const roles = useAccount().data?.roles ?? [];
  return <AdministrationActions roles={roles} links={links} />;
}
