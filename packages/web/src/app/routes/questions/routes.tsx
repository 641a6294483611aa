import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * Re-enrolment on the member's side (decision 079), spread into the router before the not-found route: the
 * yearly questionnaire, step by step, and its thanks page. Both need a signed-in, approved member.
 */
export const questionsRouteObjects: RouteObject[] = [
  {
    path: paths.questions.root.path,
    lazy: async () => ({ Component: (await import('./questions-for-next-year')).QuestionsForNextYearRoute }),
    handle: handle({
      layout: 'detail',
      titleKey: 'reenrolment:titles.questions',
      backTo: paths.home.getHref(),
    }),
  },
  {
    path: paths.questions.done.path,
    lazy: async () => ({ Component: (await import('./questions-done')).QuestionsDoneRoute }),
    handle: handle({ layout: 'detail', titleKey: 'reenrolment:titles.done', backTo: paths.home.getHref() }),
  },
];
