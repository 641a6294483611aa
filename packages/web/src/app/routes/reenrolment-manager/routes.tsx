import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const reenrolment = paths.manager.reenrolment;

/**
 * The ApplicationManager's re-enrolment screens (decision 079), spread into the router before the not-found
 * route: the rounds, the round's form (modal), its follow-up, and giving out questionnaires (modal).
 */
export const reenrolmentManagerRouteObjects: RouteObject[] = [
  {
    path: reenrolment.list.path,
    lazy: async () => ({ Component: (await import('./manager-policies')).ManagerPoliciesRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'reenrolmentManager:titles.list',
    }),
  },
  {
    path: reenrolment.create.path,
    lazy: async () => ({ Component: (await import('./manager-policy-form')).ManagerPolicyNewRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'modal',
      titleKey: 'reenrolmentManager:titles.new',
    }),
  },
  {
    // The form's close button goes up one level when it was opened directly: back to the rounds.
    path: reenrolment.editParent.path,
    // Lazy like the list it leads to: its chunk brings the title's texts (decision 057), which React may
    // show before the redirect has landed (decision 088).
    lazy: async () => {
      await import('./manager-policies');
      return { Component: () => <Navigate to={reenrolment.list.getHref()} replace /> };
    },
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'reenrolmentManager:titles.list',
    }),
  },
  {
    path: reenrolment.edit.path,
    lazy: async () => ({ Component: (await import('./manager-policy-form')).ManagerPolicyEditRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'modal',
      titleKey: 'reenrolmentManager:titles.edit',
    }),
  },
  {
    path: reenrolment.detail.path,
    lazy: async () => ({ Component: (await import('./manager-policy')).ManagerPolicyRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'reenrolmentManager:titles.detail',
    }),
  },
  {
    path: reenrolment.createQuestions.path,
    lazy: async () => ({
      Component: (await import('./manager-create-questions')).ManagerCreateQuestionsRoute,
    }),
    handle: handle({
      access: 'applicationManager',
      layout: 'modal',
      titleKey: 'reenrolmentManager:titles.createQuestions',
    }),
  },
];
