import { useNavigate } from 'react-router';
import { PolicyFollowUp } from '../../../features/reenrolment/manager/components/policy-follow-up';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from '../subscription-manager/use-id-param';

const links = {
  edit: paths.manager.reenrolment.edit.getHref,
  createQuestions: paths.manager.reenrolment.createQuestions.getHref,
  bank: paths.manager.bank.list.getHref(),
  bankEmails: paths.manager.bankEmails.getHref(),
  subscription: paths.manager.subscriptions.detail.getHref,
};

/** /applicationManager/administration-actions/IntentionPolicy/{id}: one round's follow-up. */
export function ManagerPolicyRoute() {
  const id = useIdParam('id');
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <PolicyFollowUp
      id={id}
      links={links}
      notFound={<NotFoundRoute />}
      onDeleted={() => void navigate(paths.manager.reenrolment.list.getHref(), { replace: true })}
    />
  );
}
