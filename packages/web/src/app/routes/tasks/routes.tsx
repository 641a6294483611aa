import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const taskManager = { role: 'TaskManager' } as const;

/** The `tasks` screens (member and manager), spread into the router before the not-found route. */
export const taskRouteObjects: RouteObject[] = [
  {
    path: paths.tasks.path,
    lazy: async () => ({ Component: (await import('./tasks-list')).TasksListRoute }),
    handle: handle({ titleKey: 'tasks:titles.list' }),
  },
  {
    path: paths.task.path,
    lazy: async () => ({ Component: (await import('./task-detail')).TaskDetailRoute }),
    handle: handle({ titleKey: 'tasks:titles.detail' }),
  },
  {
    path: paths.account.tasks.path,
    lazy: async () => ({ Component: (await import('./account-tasks')).AccountTasksRoute }),
    handle: handle({ layout: 'detail', titleKey: 'tasks:titles.mine', backTo: paths.account.root.getHref() }),
  },
  {
    path: paths.account.credits.path,
    lazy: async () => ({ Component: (await import('./account-credits')).AccountCreditsRoute }),
    handle: handle({
      layout: 'detail',
      titleKey: 'tasks:titles.credits',
      backTo: paths.account.root.getHref(),
    }),
  },
  {
    path: paths.manager.tasks.list.path,
    lazy: async () => ({ Component: (await import('./manager-tasks')).ManagerTasksRoute }),
    handle: handle({
      access: taskManager,
      layout: 'applicationManager',
      titleKey: 'tasks:titles.managerList',
    }),
  },
  {
    path: paths.manager.tasks.create.path,
    lazy: async () => ({ Component: (await import('./manager-task-new')).ManagerTaskNewRoute }),
    handle: handle({ access: taskManager, layout: 'modal', titleKey: 'tasks:titles.managerNew' }),
  },
  {
    path: paths.manager.tasks.edit.path,
    lazy: async () => ({ Component: (await import('./manager-task-edit')).ManagerTaskEditRoute }),
    handle: handle({ access: taskManager, layout: 'modal', titleKey: 'tasks:titles.managerEdit' }),
  },
  {
    path: paths.manager.tasks.detail.path,
    lazy: async () => ({ Component: (await import('./manager-task-detail')).ManagerTaskDetailRoute }),
    handle: handle({
      access: taskManager,
      layout: 'applicationManager',
      titleKey: 'tasks:titles.managerDetail',
    }),
  },
];
