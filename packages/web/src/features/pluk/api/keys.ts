/** Query keys of the pluk feature; every pluk query starts with 'pluk'. */
export const plukKeys = {
  all: ['pluk'] as const,
  ofTheWeek: ['pluk', 'week'] as const,
  detail: (cropId: number, subscriptionId: number) => ['pluk', 'detail', cropId, subscriptionId] as const,
};
