import type { QueryClient } from '@tanstack/react-query';
import type { AnswerFilter } from '@pluk/contract';

/** The follow-up list's filters (contract `policyAnswersQuerySchema` without the paging). */
export interface AnswerFilters {
  status: AnswerFilter | null;
  offerId: number | null;
  search: string;
}

/**
 * Query keys of the manager's re-enrolment screens. Every one starts with 'reenrolment', like the
 * member's questionnaire, so a change here refreshes that too (a manager is a member as well).
 */
export const reenrolmentManagerKeys = {
  all: ['reenrolment'] as const,
  policies: ['reenrolment', 'manager', 'policies'] as const,
  openPolicies: ['reenrolment', 'manager', 'policies', 'open'] as const,
  /** One round; its answers, summary and conversion preview live under it. */
  policy: (id: number) => ['reenrolment', 'manager', 'policy', id] as const,
  answers: (id: number, filters: AnswerFilters) =>
    ['reenrolment', 'manager', 'policy', id, 'answers', filters] as const,
  summary: (id: number) => ['reenrolment', 'manager', 'policy', id, 'summary'] as const,
  conversionPreview: (id: number) => ['reenrolment', 'manager', 'policy', id, 'conversion'] as const,
};

/** After any change to a round, its questionnaires or answers: every re-enrolment query. */
export function invalidateReenrolmentQueries(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: reenrolmentManagerKeys.all });
}
