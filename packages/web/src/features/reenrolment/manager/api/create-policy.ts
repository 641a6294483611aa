import { reenrolmentRoutes, type PolicyInput } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useSavePolicyMutation } from './save-policy';

/** Creates a round (`POST applicationManager/IntentionPolicy`); one per harvest year (POLICY_YEAR_TAKEN). */
export const useCreatePolicy = () =>
  useSavePolicyMutation((input: PolicyInput) => apiRequest(reenrolmentRoutes.createPolicy, { body: input }));
