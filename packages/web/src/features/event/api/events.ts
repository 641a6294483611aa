import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  eventRoutes,
  type EventAttendeePage,
  type EventDetail,
  type EventList,
  type EventListQuery,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

/** Every event query starts with this key, so one invalidation refreshes lists, details and manager views. */
export const eventsKey = ['events'] as const;

/**
 * The member list of /events: events not ended, soonest first (docs/product/api-and-routes.md, "Home":
 * hasEnded=false).
 */
export const upcomingEventsQuery = (page: number): EventListQuery => ({
  hasEnded: false,
  pageSize: 20,
  page,
  sortBy: 'startDate',
  sortDirection: 'asc',
});

export function getEvents(query: EventListQuery): Promise<EventList> {
  return apiRequest(eventRoutes.list, { query: { ...query } });
}

export const eventsQueryOptions = (query: EventListQuery) =>
  queryOptions({
    queryKey: [...eventsKey, 'list', query],
    queryFn: () => getEvents(query),
    placeholderData: keepPreviousData,
  });

export function useEvents(query: EventListQuery) {
  return useQuery(eventsQueryOptions(query));
}

export function getEvent(id: number): Promise<EventDetail> {
  return apiRequest(eventRoutes.detail, { params: { id } });
}

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...eventsKey, 'detail', id], queryFn: () => getEvent(id) });

export function useEvent(id: number) {
  return useQuery(eventQueryOptions(id));
}

export function getAttendees(id: number, page: FeedPageParam = { page: 0 }): Promise<EventAttendeePage> {
  return apiRequest(eventRoutes.attendees, { params: { id }, query: { ...page } });
}

/** Under `eventsKey`, so every sign-up change refreshes the loaded pages of the sheet too. */
export const attendeesQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: [...eventsKey, 'attendees', id],
    queryFn: ({ pageParam }) => getAttendees(id, pageParam),
    ...feedPaging,
  });

/** The attendance sheet of one event, oldest sign-up first, a page at a time ("Meer laden"). */
export function useAttendees(id: number) {
  return useInfiniteQuery(attendeesQueryOptions(id));
}

/** Sign up, change guests and cancel: each answers the event's new state, shown at once. */
export function useSignUpMutations(eventId: number) {
  const queryClient = useQueryClient();
  const onSuccess = (detail: EventDetail) => {
    queryClient.setQueryData(eventQueryOptions(eventId).queryKey, detail);
    return queryClient.invalidateQueries({ queryKey: eventsKey });
  };
  return {
    take: useMutation({
      mutationFn: (guests: number) => apiRequest(eventRoutes.take, { body: { eventId, guests } }),
      onSuccess,
    }),
    changeGuests: useMutation({
      mutationFn: (guests: number) => apiRequest(eventRoutes.changeGuests, { body: { eventId, guests } }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: () => apiRequest(eventRoutes.cancel, { body: { eventId } }),
      onSuccess,
    }),
  };
}
