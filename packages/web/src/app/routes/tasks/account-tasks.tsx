import { MyTaskList } from '../../../features/task/components/my-task-list';
import { paths } from '../../paths';

/** /account/tasks: my chores with their state. */
export function AccountTasksRoute() {
  return <MyTaskList hrefOf={paths.task.getHref} tasksHref={paths.tasks.getHref()} />;
}
