import { TaskList } from '../../../features/task/components/task-list';
import { paths } from '../../paths';

/** /tasks: the open chores. */
export function TasksListRoute() {
  return <TaskList hrefOf={paths.task.getHref} />;
}
