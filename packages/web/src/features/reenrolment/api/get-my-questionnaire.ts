import { queryOptions, useQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type MyCurrentQuestionnaire } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { questionnaireKeys } from './keys';

export function getMyQuestionnaire(): Promise<MyCurrentQuestionnaire> {
  return apiRequest(reenrolmentRoutes.mine);
}

export const myQuestionnaireQueryOptions = () =>
  queryOptions({ queryKey: questionnaireKeys.mine, queryFn: getMyQuestionnaire });

/**
 * My questionnaire for next harvest year (`GET QuestionsForNextYear`): the newest one still open for
 * answers, else my newest; `questionnaire` is null when the farm gave me none.
 */
export function useMyQuestionnaire() {
  return useQuery(myQuestionnaireQueryOptions());
}
