import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/query-state';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/route-error';
import { taskRouteObjects } from './routes/tasks/routes';
import { eventRouteObjects } from './routes/events/routes';
import { postRouteObjects } from './routes/posts/routes';
import { notificationRouteObjects } from './routes/notifications/routes';
import { marketRouteObjects } from './routes/market/routes';
import { requestRouteObjects } from './routes/requests/routes';
import { walletRouteObjects } from './routes/wallet/routes';
import { productManagerRouteObjects } from './routes/product-manager/routes';
import { requestManagerRouteObjects } from './routes/request-manager/routes';
import { internalBankRouteObjects } from './routes/internal-bank/routes';
import { harvestManagerRouteObjects } from './routes/harvest-manager/routes';
import { plukRouteObjects } from './routes/pluk/routes';
import { subscriptionManagerRouteObjects } from './routes/subscription-manager/routes';
// bank (admin)
import { bankAdminRouteObjects } from './routes/bank-admin/routes';
// bank (manager)
import { bankManagerRouteObjects } from './routes/bank-manager/routes';
// bank (member)
import { bankMemberRouteObjects } from './routes/bank/routes';
// re-enrolment (manager)
import { reenrolmentManagerRouteObjects } from './routes/reenrolment-manager/routes';
// translations (Admin)
import { translationManagerRouteObjects } from './routes/translation-manager/routes';
import { usersManagerRouteObjects } from './routes/users-manager/routes';
import { communicationManagerRouteObjects } from './routes/communication-manager/routes';
import { analystRouteObjects } from './routes/analyst/routes';
// re-enrolment (member)
import { questionsRouteObjects } from './routes/questions/routes';
// admin actions
import { adminActionsRouteObjects } from './routes/admin-actions/routes';
// settings
import { settingsManagerRouteObjects } from './routes/settings-manager/routes';

const handle = (value: RouteHandle) => value;

/**
 * Every route with its layout, access rule and title (docs/product/api-and-routes.md, "Screens and layouts").
 * Routes need a signed-in, approved member and use the default layout unless their handle says otherwise. The
 * manager area is loaded on demand. Each community area keeps its route objects in
 * `routes/<area>/routes.tsx`.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Opening a lazily loaded (manager) screen directly: a loading state while its code arrives,
    // instead of React Router's console warning and an empty page.
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        path: paths.home.path,
        lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
        handle: handle({ titleKey: 'titles.home' }),
      },
      {
        path: paths.login.path,
        lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
        handle: handle({ access: 'guest', layout: 'empty', titleKey: 'titles.login' }),
      },
      {
        path: paths.register.path,
        lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
        handle: handle({
          access: 'public',
          layout: 'detail',
          titleKey: 'titles.register',
          cooperativeTitleKey: 'titles.registerCooperative',
          backTo: paths.login.getHref(),
        }),
      },
      {
        path: paths.requestReset.path,
        lazy: async () => ({ Component: (await import('./routes/auth/request-reset')).RequestResetRoute }),
        handle: handle({
          access: 'public',
          layout: 'detail',
          titleKey: 'titles.requestReset',
          backTo: paths.login.getHref(),
        }),
      },
      {
        path: paths.passwordReset.path,
        lazy: async () => ({ Component: (await import('./routes/auth/password-reset')).PasswordResetRoute }),
        handle: handle({
          access: 'public',
          layout: 'detail',
          titleKey: 'titles.passwordReset',
          backTo: paths.login.getHref(),
        }),
      },
      {
        path: paths.confirmEmail.path,
        lazy: async () => ({ Component: (await import('./routes/auth/confirm-email')).ConfirmEmailRoute }),
        handle: handle({ access: 'public', layout: 'detail', titleKey: 'titles.confirmEmail' }),
      },
      {
        path: paths.restrictedUser.path,
        lazy: async () => ({
          Component: (await import('./routes/auth/restricted-user')).RestrictedUserRoute,
        }),
        handle: handle({ access: 'restricted', layout: 'empty', titleKey: 'titles.restricted' }),
      },
      {
        path: paths.account.root.path,
        lazy: async () => ({ Component: (await import('./routes/account/account')).AccountRoute }),
        handle: handle({ layout: 'detail', titleKey: 'titles.account', backTo: paths.home.getHref() }),
      },
      {
        path: paths.account.edit.path,
        lazy: async () => ({ Component: (await import('./routes/account/account-edit')).AccountEditRoute }),
        handle: handle({ layout: 'modal', titleKey: 'titles.accountEdit' }),
      },
      {
        path: paths.account.editPassword.path,
        lazy: async () => ({
          Component: (await import('./routes/account/account-edit-password')).AccountEditPasswordRoute,
        }),
        handle: handle({ layout: 'modal', titleKey: 'titles.accountEditPassword' }),
      },
      {
        path: paths.account.data.path,
        lazy: async () => ({ Component: (await import('./routes/account/account-data')).AccountDataRoute }),
        handle: handle({
          layout: 'detail',
          titleKey: 'titles.accountData',
          backTo: paths.account.root.getHref(),
        }),
      },
      {
        path: paths.account.privacy.path,
        lazy: async () => ({
          Component: (await import('./routes/account/account-privacy')).AccountPrivacyRoute,
        }),
        handle: handle({
          layout: 'detail',
          titleKey: 'titles.accountPrivacy',
          backTo: paths.account.root.getHref(),
        }),
      },
      {
        path: paths.manager.home.path,
        lazy: async () => ({ Component: (await import('./routes/manager/manager-home')).ManagerHomeRoute }),
        handle: handle({ access: 'manager', layout: 'applicationManager', titleKey: 'titles.manager' }),
      },
      {
        path: paths.manager.waitingList.path,
        lazy: async () => ({ Component: (await import('./routes/manager/waiting-list')).WaitingListRoute }),
        handle: handle({
          access: 'applicationManager',
          layout: 'applicationManager',
          titleKey: 'titles.waitingList',
        }),
      },
      {
        path: paths.manager.experimental.path,
        lazy: async () => ({ Component: (await import('./routes/manager/experimental')).ExperimentalRoute }),
        handle: handle({ access: 'admin', layout: 'applicationManager', titleKey: 'titles.experimental' }),
      },
      ...taskRouteObjects,
      ...eventRouteObjects,
      ...postRouteObjects,
      ...notificationRouteObjects,
      ...marketRouteObjects,
      ...requestRouteObjects,
      ...walletRouteObjects,
      ...productManagerRouteObjects,
      ...requestManagerRouteObjects,
      ...internalBankRouteObjects,
      ...harvestManagerRouteObjects,
      ...plukRouteObjects,
      ...subscriptionManagerRouteObjects,
      // bank (admin)
      ...bankAdminRouteObjects,
      // bank (manager)
      ...bankManagerRouteObjects,
      // bank (member)
      ...bankMemberRouteObjects,
      // re-enrolment (manager)
      ...reenrolmentManagerRouteObjects,
      ...usersManagerRouteObjects,
      ...communicationManagerRouteObjects,
      ...analystRouteObjects,
      ...questionsRouteObjects,
      // admin actions
      ...adminActionsRouteObjects,
      // translations (Admin)
      ...translationManagerRouteObjects,
      // settings
      ...settingsManagerRouteObjects,
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
        handle: handle({ access: 'public', layout: 'default', titleKey: 'titles.notFound' }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
