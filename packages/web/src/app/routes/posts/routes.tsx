import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const postManager = { role: 'PostManager' } as const;

/** The `posts` screens (member and manager), spread into the router before the not-found route. */
export const postRouteObjects: RouteObject[] = [
  {
    path: paths.post.path,
    lazy: async () => ({ Component: (await import('./post-detail')).PostDetailRoute }),
    handle: handle({ layout: 'detail', titleKey: 'posts:titles.detail', backTo: paths.home.getHref() }),
  },
  {
    path: paths.manager.posts.list.path,
    lazy: async () => ({ Component: (await import('./manager-posts')).ManagerPostsRoute }),
    handle: handle({
      access: postManager,
      layout: 'applicationManager',
      titleKey: 'posts:titles.managerList',
    }),
  },
  {
    path: paths.manager.posts.create.path,
    lazy: async () => ({ Component: (await import('./manager-post-form')).ManagerPostNewRoute }),
    handle: handle({ access: postManager, layout: 'modal', titleKey: 'posts:titles.new' }),
  },
  {
    path: paths.manager.posts.edit.path,
    lazy: async () => ({ Component: (await import('./manager-post-form')).ManagerPostEditRoute }),
    handle: handle({ access: postManager, layout: 'modal', titleKey: 'posts:titles.edit' }),
  },
  {
    path: paths.manager.posts.detail.path,
    lazy: async () => ({ Component: (await import('./manager-post-detail')).ManagerPostDetailRoute }),
    handle: handle({
      access: postManager,
      layout: 'applicationManager',
      titleKey: 'posts:titles.managerDetail',
    }),
  },
];
