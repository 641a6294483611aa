import { queryOptions, useQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type MyQuestionnaire } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export function getQuestionnaire(id: number): Promise<MyQuestionnaire> {
  return apiRequest(reenrolmentRoutes.questionnaire, { params: { id } });
}

export const questionnaireQueryOptions = (id: number) =>
  queryOptions({ queryKey: questionnaireKeys.detail(id), queryFn: () => getQuestionnaire(id) });

/** One of my questionnaires with my answer (`GET QuestionsForNextYear/{id}`): the thanks page. */
export function useQuestionnaire(id: number) {
  return useQuery(questionnaireQueryOptions(id));
}
