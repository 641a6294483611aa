import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  eventRoutes,
  type EventInput,
  type ManagedAttendancePage,
  type ManagedEventPage,
  type ManagedEventDetail,
  type UpdateEventBody,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { eventsKey } from './events';

/** `waiting`: only events with a sign-up waiting for an EventManager (the to-do list's link). */
export function getManagedEvents(
  page: FeedPageParam = { page: 0 },
  waiting = false,
): Promise<ManagedEventPage> {
  return apiRequest(eventRoutes.managerList, { query: { ...page, ...(waiting ? { waiting: 'true' } : {}) } });
}

export const managedEventsQueryOptions = (waiting = false) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey, 'manager', 'list', { waiting }],
    queryFn: ({ pageParam }) => getManagedEvents(pageParam, waiting),
    ...feedPaging,
  });

/** The events of the farm, newest start first, a page at a time (EventManager). */
export function useManagedEvents(waiting = false) {
  return useInfiniteQuery(managedEventsQueryOptions(waiting));
}

export function getManagedEvent(id: number): Promise<ManagedEventDetail> {
  return apiRequest(eventRoutes.managerDetail, { params: { id } });
}

export const managedEventQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...eventsKey, 'manager', 'detail', id], queryFn: () => getManagedEvent(id) });

/** One event with its counts and totals (EventManager). */
export function useManagedEvent(id: number) {
  return useQuery(managedEventQueryOptions(id));
}

export function getManagedAttendances(
  id: number,
  page: FeedPageParam = { page: 0 },
): Promise<ManagedAttendancePage> {
  return apiRequest(eventRoutes.managerAttendances, { params: { id }, query: { ...page } });
}

export const managedAttendancesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey, 'manager', 'attendances', id],
    queryFn: ({ pageParam }) => getManagedAttendances(id, pageParam),
    ...feedPaging,
  });

/** Every sign-up of one event (refused ones too), oldest first, a page at a time (EventManager). */
export function useManagedAttendances(id: number) {
  return useInfiniteQuery(managedAttendancesQueryOptions(id));
}

/** After any change: show the answered sheet at once and refresh every event view (member ones too). */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (detail: ManagedEventDetail) => {
    queryClient.setQueryData(managedEventQueryOptions(detail.id).queryKey, detail);
    return queryClient.invalidateQueries({ queryKey: eventsKey });
  };
}

export function useSaveEvent() {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: (body: EventInput | UpdateEventBody) =>
      'id' in body ? apiRequest(eventRoutes.update, { body }) : apiRequest(eventRoutes.create, { body }),
    onSuccess,
  });
}

export function useCloseEvent() {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest(eventRoutes.close, { params: { id } }),
    onSuccess,
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest(eventRoutes.remove, { params: { id } });
    },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: managedEventQueryOptions(id).queryKey });
      queryClient.removeQueries({ queryKey: managedAttendancesQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: eventsKey });
    },
  });
}

/** Confirm or refuse one sign-up; the member gets a notification. */
export function useHandleAttendance() {
  const onSuccess = useAfterChange();
  return useMutation({
    mutationFn: ({ attendanceId, decision }: { attendanceId: number; decision: 'confirm' | 'refuse' }) =>
      apiRequest(decision === 'confirm' ? eventRoutes.confirm : eventRoutes.refuse, {
        body: { attendanceId },
      }),
    onSuccess,
  });
}
