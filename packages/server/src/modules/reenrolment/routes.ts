import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { conversionHandlers } from './conversion/routes.js';
import { followUpHandlers } from './follow-up/routes.js';
import { policyHandlers } from './policies/routes.js';
import { questionnaireHandlers } from './questionnaires/routes.js';

/**
 * Re-enrolment (decision 079), one file per part: the manager's policies, the questionnaires (given out by
 * the manager, answered by members), the follow-up of a round and its conversion.
 */
export function reenrolmentHandlers(app: FastifyInstance): FeatureHandlers<typeof api.reenrolment> {
  return {
    ...policyHandlers(app),
    ...questionnaireHandlers(app),
    ...followUpHandlers(app),
    ...conversionHandlers(app),
  };
}
