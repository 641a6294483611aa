import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type CalendarLink, type CalendarSettingsBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export const calendarLinkQueryKey = ['account', 'calendar'] as const;

/**
 * My calendar feed's state. The link itself comes only with the answer that makes it (decision 100),
 * so the query is never refetched on its own: that would drop the link just shown.
 */
export const calendarLinkQueryOptions = () =>
  queryOptions({
    queryKey: calendarLinkQueryKey,
    queryFn: (): Promise<CalendarLink> => apiRequest(userRoutes.calendar),
    staleTime: Infinity,
  });

export function useCalendarLink() {
  return useQuery(calendarLinkQueryOptions());
}

/** Keeps a link shown in this visit when an answer without it (the settings) arrives. */
function useStore() {
  const queryClient = useQueryClient();
  return (next: CalendarLink) =>
    queryClient.setQueryData<CalendarLink>(calendarLinkQueryKey, (old) => ({
      ...next,
      url: next.url ?? (next.hasLink ? (old?.url ?? null) : null),
    }));
}

/** Makes my link, or a new one in place of the old (which stops working at once). */
export function useCreateCalendarLink() {
  const store = useStore();
  return useMutation({
    mutationFn: (): Promise<CalendarLink> => apiRequest(userRoutes.createCalendarLink),
    onSuccess: store,
  });
}

export function useRevokeCalendarLink() {
  const store = useStore();
  return useMutation({
    mutationFn: (): Promise<CalendarLink> => apiRequest(userRoutes.revokeCalendarLink),
    onSuccess: store,
  });
}

export function useCalendarSettings() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: CalendarSettingsBody): Promise<CalendarLink> =>
      apiRequest(userRoutes.calendarSettings, { body }),
    onSuccess: store,
  });
}
