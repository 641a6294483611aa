import { useSearchParams } from 'react-router';
import { CreateQuestions } from '../../../features/reenrolment/manager/components/create-questions';
import { paths } from '../../paths';

const links = {
  newPolicy: paths.manager.reenrolment.create.getHref(),
  followUp: paths.manager.reenrolment.detail.getHref,
};

/** /applicationManager/administration-actions/createQuestionsForNextYear (modal); `?ronde=` preselects. */
export function ManagerCreateQuestionsRoute() {
  const asked = Number(useSearchParams()[0].get('ronde'));
  return (
    <CreateQuestions preselected={Number.isSafeInteger(asked) && asked > 0 ? asked : null} links={links} />
  );
}
