import { PolicyList } from '../../../features/reenrolment/manager/components/policy-list';
import { paths } from '../../paths';

const links = {
  create: paths.manager.reenrolment.create.getHref(),
  detail: paths.manager.reenrolment.detail.getHref,
  createQuestions: paths.manager.reenrolment.createQuestions.getHref(),
};

/** /applicationManager/administration-actions/IntentionPolicy: every re-enrolment round. */
export function ManagerPoliciesRoute() {
  return <PolicyList links={links} />;
}
