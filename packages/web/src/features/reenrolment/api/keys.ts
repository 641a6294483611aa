import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the member's questionnaires; every one starts with 'questionsForNextYear' (the manager's
 * side of re-enrolment keeps keys of its own).
 */
export const questionnaireKeys = {
  all: ['questionsForNextYear'] as const,
  mine: ['questionsForNextYear', 'mine'] as const,
  detail: (id: number) => ['questionsForNextYear', 'detail', id] as const,
};

/**
 * After my household changed: the prices of the offers are for my household today, so my questionnaires
 * ask again.
 */
export function invalidateMyQuestionnaires(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
}
