import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reenrolmentRoutes, type CreateQuestionsResult } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateReenrolmentQueries } from './keys';

export function createQuestions(policyId: number): Promise<CreateQuestionsResult> {
  return apiRequest(reenrolmentRoutes.createQuestions, { body: { policyId } });
}

/**
 * Gives every active, approved member a questionnaire for the round
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
