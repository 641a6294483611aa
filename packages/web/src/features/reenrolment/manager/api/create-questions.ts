import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reenrolmentRoutes, type CreateQuestionsResult } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateReenrolmentQueries } from './keys';

/** The round, and the members picked (absent: every member with a subscription this harvest year). */
export interface CreateQuestionsInput {
  policyId: number;
  userIds?: number[];
}

export function createQuestions({ policyId, userIds }: CreateQuestionsInput): Promise<CreateQuestionsResult> {
  return apiRequest(reenrolmentRoutes.createQuestions, {
    body: userIds === undefined ? { policyId } : { policyId, userIds },
  });
}

/**
 * Gives this harvest year's members, or the members picked, a questionnaire for the round (decision 090)
 * (`POST applicationManager/administration-actions/createQuestionsForNextYear`); members who have one
 * keep it. The round's counts follow.
 */
export function useCreateQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestions,
    onSuccess: () => invalidateReenrolmentQueries(queryClient),
  });
}
