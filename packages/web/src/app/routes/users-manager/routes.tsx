import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const users = paths.manager.users;

/**
 * The ApplicationManager's users screens (decision 080), spread into the router before the not-found route:
 * the list, a new account and an edit (modal), a member's detail and the multi-actions table. The
 * waiting list and the impersonation picker keep their own routes.
 */
export const usersManagerRouteObjects: RouteObject[] = [
  {
    path: users.path,
    lazy: async () => ({ Component: (await import('./users')).UsersRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'users:titles.list',
    }),
  },
  {
    path: users.multiactions.path,
    lazy: async () => ({ Component: (await import('./multiactions')).UsersMultiActionsRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'users:titles.multiactions',
    }),
  },
  {
    path: users.import.path,
    lazy: async () => ({ Component: (await import('./member-import')).MemberImportRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'users:titles.import',
    }),
  },
  {
    path: users.create.path,
    lazy: async () => ({ Component: (await import('./user-form')).UserNewRoute }),
    handle: handle({ access: 'applicationManager', layout: 'modal', titleKey: 'users:titles.new' }),
  },
  {
    // The form's close button goes up one level when it was opened directly: back to the list.
    path: users.editParent.path,
    // Lazy like the list it leads to: its chunk brings the title's texts (decision 057), which React may
    // show before the redirect has landed (decision 088).
    lazy: async () => {
      await import('./users');
      return { Component: () => <Navigate to={users.getHref()} replace /> };
    },
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'users:titles.list',
    }),
  },
  {
    path: users.edit.path,
    lazy: async () => ({ Component: (await import('./user-form')).UserEditRoute }),
    handle: handle({ access: 'applicationManager', layout: 'modal', titleKey: 'users:titles.edit' }),
  },
  {
    path: users.detail.path,
    lazy: async () => ({ Component: (await import('./user-detail')).UserDetailRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'users:titles.detail',
    }),
  },
];
