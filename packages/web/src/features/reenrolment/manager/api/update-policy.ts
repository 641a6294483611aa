import { reenrolmentRoutes, type PolicyInput } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { useSavePolicyMutation } from './save-policy';

/**
 * Changes a round (`PUT applicationManager/IntentionPolicy/{id}`): offers with an id are kept, the rest
 * added; refused once converted (POLICY_CONVERTED) or when a removed offer was chosen (POLICY_OFFER_CHOSEN).
 */
export const useUpdatePolicy = () =>
  useSavePolicyMutation(({ id, input }: { id: number; input: PolicyInput }) =>
    apiRequest(reenrolmentRoutes.updatePolicy, { params: { id }, body: input }),
  );
