import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

/** The handlers of some of the re-enrolment routes: each part of the module answers its own. */
export type ReenrolmentHandlers<K extends keyof typeof api.reenrolment> = Pick<
  FeatureHandlers<typeof api.reenrolment>,
  K
>;
