import { useNavigate } from 'react-router';
import { ManagerTaskDetailView } from '../../../features/task/components/manager-task-detail';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from './use-id-param';

/** /applicationManager/tasks/{id}: the chore with its takers; copy opens the copy's edit form. */
export function ManagerTaskDetailRoute() {
  const id = useIdParam();
  const navigate = useNavigate();
  if (id === null) return <NotFoundRoute />;
  return (
    <ManagerTaskDetailView
      taskId={id}
      editHref={paths.manager.tasks.edit.getHref(id)}
      onCopied={(copy) => {
        void navigate(paths.manager.tasks.detail.getHref(copy.id), { replace: true });
        void navigate(paths.manager.tasks.edit.getHref(copy.id));
      }}
      onDeleted={() => void navigate(paths.manager.tasks.list.getHref(), { replace: true })}
    />
  );
}
