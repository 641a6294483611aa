import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reenrolmentRoutes,
  type AnswerBody,
  type MyCurrentQuestionnaire,
  type MyQuestionnaire,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export function answerQuestionnaire(id: number, body: AnswerBody): Promise<MyQuestionnaire> {
  return apiRequest(reenrolmentRoutes.answer, { params: { id }, body });
}

/**
 * Submits or changes my answer until the deadline (`PUT QuestionsForNextYear/{id}`). The answer is the
 * questionnaire as it is now: the thanks page and my current questionnaire take it as it is (so the
 * start-up dialog no longer asks), without asking again.
 */
export function useAnswerQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AnswerBody }) => answerQuestionnaire(id, body),
    onSuccess: (questionnaire) => {
      queryClient.setQueryData(questionnaireKeys.detail(questionnaire.id), questionnaire);
      queryClient.setQueryData<MyCurrentQuestionnaire>(questionnaireKeys.mine, (current) =>
        current?.questionnaire?.id === questionnaire.id ? { questionnaire } : current,
      );
    },
  });
}
