import { ManagerTaskList } from '../../../features/task/components/manager-task-list';
import { paths } from '../../paths';

/** /applicationManager/tasks */
export function ManagerTasksRoute() {
  return (
    <ManagerTaskList
      hrefOf={paths.manager.tasks.detail.getHref}
      newHref={paths.manager.tasks.create.getHref()}
    />
  );
}
