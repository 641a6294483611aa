/** Every route of the web app, with `getHref` helpers (product-spec §2). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/Register', getHref: () => '/Register' },
  requestReset: { path: '/request-reset', getHref: () => '/request-reset' },
  passwordReset: {
    path: '/auth/passwordReset/:token/:userId',
    getHref: (token: string, userId: number) => `/auth/passwordReset/${encodeURIComponent(token)}/${userId}`,
  },
  restrictedUser: { path: '/RestrictedUserPage', getHref: () => '/RestrictedUserPage' },

  // Footer tabs of the default layout; their screens come with later issues.
  pluk: { path: '/pluk', getHref: () => '/pluk' },
  events: { path: '/events', getHref: () => '/events' },
  market: { path: '/market', getHref: () => '/market' },
  tasks: { path: '/tasks', getHref: () => '/tasks' },

  account: {
    root: { path: '/account', getHref: () => '/account' },
    edit: { path: '/account/edit', getHref: () => '/account/edit' },
    editPassword: { path: '/account/editpassword', getHref: () => '/account/editpassword' },
    data: { path: '/account/data', getHref: () => '/account/data' },
    privacy: { path: '/account/privacy', getHref: () => '/account/privacy' },
  },

  manager: {
    home: { path: '/applicationManager', getHref: () => '/applicationManager' },
    users: { path: '/applicationManager/users', getHref: () => '/applicationManager/users' },
    waitingList: {
      path: '/applicationManager/users/waiting-list',
      getHref: () => '/applicationManager/users/waiting-list',
    },
    experimental: {
      path: '/applicationManager/experimental',
      getHref: () => '/applicationManager/experimental',
    },
  },
} as const;
