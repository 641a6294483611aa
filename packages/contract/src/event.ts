import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  urlBooleanSchema,
  idParamsSchema,
  isInPlannedYears,
  isoDateTimeSchema,
  plannedYearsMessage,
  idField,
} from './common.js';
import { defineRoute } from './define-route.js';

/**
 * Events (docs/product/community.md, "Events"): title, description, location, start and end, capacity (empty
 * = unlimited), closed. A member signs up ("takes" the event) with a number of guests; an EventManager
 * confirms or refuses the sign-up. A sign-up counts against the capacity from the moment it is made (status
 * `waiting`, shown as "aangemeld"); `confirmed` is "bevestigd"; a refused sign-up frees its places.
 */

export const eventAttendanceStatuses = ['waiting', 'confirmed', 'refused'] as const;
export const eventAttendanceStatusSchema = z.enum(eventAttendanceStatuses);
export type EventAttendanceStatus = z.infer<typeof eventAttendanceStatusSchema>;

/** Limits of the event form and the sign-up (decision 041). */
export const eventLimits = {
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 200,
  capacityMin: 1,
  capacityMax: 10_000,
  guestsMin: 0,
  guestsMax: 20,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  /** One page of an attendance sheet (member's or manager's), ADR 050. */
  sheetPageSizeDefault: 20,
  sheetPageSizeMax: 100,
} as const;

export const eventGuestsSchema = z
  .number({ error: 'Geef het aantal gasten op.' })
  .int('Geef een geheel aantal gasten op.')
  .min(eventLimits.guestsMin, 'Het aantal gasten kan niet negatief zijn.')
  .max(eventLimits.guestsMax, `Je kan hoogstens ${eventLimits.guestsMax} gasten meebrengen.`);

/** My own sign-up for an event, or null on the event when I am not signed up. */
export const myEventAttendanceSchema = z.object({
  id: z.number().int(),
  status: eventAttendanceStatusSchema,
  guests: z.number().int(),
});
export type MyEventAttendance = z.infer<typeof myEventAttendanceSchema>;

/** An event in the member list (and the home's next event). */
export const eventSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema,
  /** Places in all, guests included; null = unlimited. */
  capacity: z.number().int().nullable(),
  /** Members and their guests signed up (waiting or confirmed). */
  placesTaken: z.number().int(),
  /** Places still free; null = unlimited. Never below 0. */
  placesLeft: z.number().int().nullable(),
  isClosed: z.boolean(),
  /** The start is past (sign-up, change and cancel are over). */
  hasStarted: z.boolean(),
  /** The end is past. */
  hasEnded: z.boolean(),
  myAttendance: myEventAttendanceSchema.nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** `GET event`: the home asks pageSize=1, page=0, hasEnded=false, startDate ascending; /events hasEnded=false. */
export const eventListQuerySchema = z.object({
  /** false: only events whose end is not past; true: only ended ones; absent: all. */
  hasEnded: urlBooleanSchema.optional(),
  ...feedPageQuery({ defaultSize: eventLimits.pageSizeDefault, maxSize: eventLimits.pageSizeMax }),
  sortBy: z.enum(['startDate']).default('startDate'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
});
/** What a client asks `GET event` for; in the URL booleans and numbers become text ('false', '1'). */
export interface EventListQuery {
  hasEnded?: boolean;
  pageSize?: number;
  page?: number;
  sortBy?: 'startDate';
  sortDirection?: 'asc' | 'desc';
}

export const eventListSchema = feedPageSchema(eventSummarySchema);
export type EventList = z.infer<typeof eventListSchema>;

/** One line of the attendance sheet as members see it: who comes, with how many guests. */
export const eventAttendeeSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  guests: z.number().int(),
  /** waiting ("aangemeld") or confirmed ("bevestigd"); refused sign-ups are not on the member sheet. */
  status: eventAttendanceStatusSchema,
  /** True on my own line. */
  isMe: z.boolean(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

export const eventTotalsSchema = z.object({
  /** Members signed up (waiting or confirmed). */
  members: z.number().int(),
  /** Their guests. */
  guests: z.number().int(),
  /** members + guests: the places taken. */
  places: z.number().int(),
});
export type EventTotals = z.infer<typeof eventTotalsSchema>;

/**
 * `GET event/:id`: the event with its description and the totals of its attendance sheet; the sheet
 * itself grows with every sign-up, so it is paged apart (`GET event/:id/attendees`, ADR 050).
 */
export const eventDetailSchema = eventSummarySchema.extend({
  description: z.string(),
  totals: eventTotalsSchema,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** Attendance sheet paging (member's and manager's): `page` 0-based, oldest sign-up first. */
export const eventSheetQuerySchema = z.object(
  feedPageQuery({ defaultSize: eventLimits.sheetPageSizeDefault, maxSize: eventLimits.sheetPageSizeMax }),
);
export type EventSheetQuery = z.input<typeof eventSheetQuerySchema>;

export const eventAttendeePageSchema = feedPageSchema(eventAttendeeSchema);
export type EventAttendeePage = z.infer<typeof eventAttendeePageSchema>;

export const eventIdBodySchema = z.object({ eventId: idField('eventId') });
export const takeEventBodySchema = z.object({
  eventId: idField('eventId'),
  guests: eventGuestsSchema.default(0),
});
export type TakeEventBody = z.input<typeof takeEventBodySchema>;
export const attendanceIdBodySchema = z.object({ attendanceId: idField('attendanceId') });

// --- Manager ---

/** An event in the manager list: the event with its counts. */
export const managedEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: isoDateTimeSchema,
  endDate: isoDateTimeSchema,
  capacity: z.number().int().nullable(),
  isClosed: z.boolean(),
  hasStarted: z.boolean(),
  hasEnded: z.boolean(),
  placesTaken: z.number().int(),
  placesLeft: z.number().int().nullable(),
  /** Sign-ups waiting for a confirm or refuse. */
  waitingCount: z.number().int(),
  confirmedCount: z.number().int(),
  refusedCount: z.number().int(),
});
export type ManagedEvent = z.infer<typeof managedEventSchema>;

/** The EventManager's list, paged like the member feeds (ADR 056): newest start first. */
export const managedEventQuerySchema = z.object({
  ...feedPageQuery({ defaultSize: 20, maxSize: 100 }),
  /** `true`: only events with a sign-up waiting for an EventManager (the to-do list's link, decision 092). */
  waiting: urlBooleanSchema.optional(),
});
export type ManagedEventQuery = z.input<typeof managedEventQuerySchema>;
export const managedEventPageSchema = feedPageSchema(managedEventSchema);
export type ManagedEventPage = z.infer<typeof managedEventPageSchema>;

/** One sign-up on the manager's attendance sheet (refused ones included), with its id to confirm or refuse. */
export const managedAttendanceSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  guests: z.number().int(),
  status: eventAttendanceStatusSchema,
  signedUpAt: isoDateTimeSchema,
  handledAt: isoDateTimeSchema.nullable(),
});
export type ManagedAttendance = z.infer<typeof managedAttendanceSchema>;

/** The manager's view of one event with its totals; the sign-ups are paged apart (ADR 050). */
export const managedEventDetailSchema = managedEventSchema.extend({
  totals: eventTotalsSchema,
});
export type ManagedEventDetail = z.infer<typeof managedEventDetailSchema>;

export const managedAttendancePageSchema = feedPageSchema(managedAttendanceSchema);
export type ManagedAttendancePage = z.infer<typeof managedAttendancePageSchema>;

const dateTimeInput = (missing: string) =>
  z.iso
    .datetime({
      offset: true,
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? missing : 'Geen geldige datum en tijd.',
    })
    .refine(isInPlannedYears, plannedYearsMessage);

const validDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

const eventInputShape = {
  title: z
    .string({ error: 'Vul een titel in.' })
    .trim()
    .min(1, 'Vul een titel in.')
    .max(eventLimits.titleMax, `Een titel heeft hoogstens ${eventLimits.titleMax} tekens.`),
  description: z
    .string()
    .trim()
    .max(eventLimits.descriptionMax, `Een beschrijving heeft hoogstens ${eventLimits.descriptionMax} tekens.`)
    .default(''),
  location: z
    .string()
    .trim()
    .max(eventLimits.locationMax, `Een locatie heeft hoogstens ${eventLimits.locationMax} tekens.`)
    .default(''),
  startDate: dateTimeInput('Kies wanneer het evenement begint.'),
  endDate: dateTimeInput('Kies wanneer het evenement eindigt.'),
  /** Places in all, guests included; null = unlimited. */
  capacity: z
    .number({ error: 'Geef een aantal plaatsen op, of laat het leeg voor onbeperkt.' })
    .int('Geef een geheel aantal plaatsen op.')
    .min(eventLimits.capacityMin, 'Een evenement heeft minstens 1 plaats; laat het leeg voor onbeperkt.')
    .max(eventLimits.capacityMax, `Een evenement heeft hoogstens ${eventLimits.capacityMax} plaatsen.`)
    .nullable()
    .default(null),
};

/** The end strictly after the start, checked once both are valid dates (message on the end field). */
const endAfterStart: [
  (value: { startDate: string; endDate: string }) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] = [
  (value) => Date.parse(value.endDate) > Date.parse(value.startDate),
  {
    message: 'Het einde moet na het begin liggen.',
    path: ['endDate'],
    when: (payload) => {
      const value = payload.value as { startDate?: unknown; endDate?: unknown } | undefined;
      return validDate(value?.startDate) && validDate(value?.endDate);
    },
  },
];

/** The event form (Create). */
export const eventInputSchema = z.object(eventInputShape).refine(...endAfterStart);
export type EventInput = z.input<typeof eventInputSchema>;

/** Update: the form with the event's id. */
export const updateEventBodySchema = z
  .object({ id: idField('id'), ...eventInputShape })
  .refine(...endAfterStart);
export type UpdateEventBody = z.input<typeof updateEventBodySchema>;

export const eventRoutes = {
  list: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'event',
    permission: 'member',
    summary:
      'Events of this app, paged (page 0-based): hasEnded=false keeps those whose end is not past; sorted by startDate. Closed events are listed, marked closed.',
    query: eventListQuerySchema,
    response: { 200: eventListSchema },
  }),
  detail: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'event/:id',
    permission: 'member',
    summary: 'One event with its description and the totals of its attendance sheet.',
    params: idParamsSchema,
    response: { 200: eventDetailSchema },
  }),
  attendees: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'event/:id/attendees',
    permission: 'member',
    summary:
      'The attendance sheet of one event (who comes: waiting and confirmed, with guests), oldest sign-up first, paged (page 0-based, pageSize 20 by default).',
    params: idParamsSchema,
    query: eventSheetQuerySchema,
    response: { 200: eventAttendeePageSchema },
  }),
  take: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'event/take',
    permission: 'member',
    summary:
      'Signs me up for an event with a number of guests (0–20). Refused when closed, started or ended, already signed up, or without places for me and my guests.',
    body: takeEventBodySchema,
    response: { 200: eventDetailSchema },
  }),
  changeGuests: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'event/changeGuests',
    permission: 'member',
    summary:
      'Changes the number of guests of my sign-up (same rules as take); more guests on a confirmed sign-up make it wait for a new confirm.',
    body: takeEventBodySchema,
    response: { 200: eventDetailSchema },
  }),
  cancel: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'event/cancel',
    permission: 'member',
    summary: 'Cancels my sign-up (before the event starts); its places become free.',
    body: eventIdBodySchema,
    response: { 200: eventDetailSchema },
  }),
  confirm: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'event/confirm',
    permission: { role: 'EventManager' },
    summary: 'Confirms a sign-up; the member is notified.',
    body: attendanceIdBodySchema,
    response: { 200: managedEventDetailSchema },
  }),
  refuse: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'event/refuse',
    permission: { role: 'EventManager' },
    summary: 'Refuses a sign-up (its places become free); the member is notified.',
    body: attendanceIdBodySchema,
    response: { 200: managedEventDetailSchema },
  }),
  managerList: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'applicationManager/Event',
    permission: { role: 'EventManager' },
    summary:
      'The events of this app, paged (page 0-based, or after=nextCursor), newest start first, with their counts.',
    query: managedEventQuerySchema,
    response: { 200: managedEventPageSchema },
  }),
  managerDetail: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'applicationManager/Event/:id',
    permission: { role: 'EventManager' },
    summary: 'One event with its counts and totals (the sign-ups are paged apart).',
    params: idParamsSchema,
    response: { 200: managedEventDetailSchema },
  }),
  managerAttendances: defineRoute({
    feature: 'event',
    method: 'GET',
    path: 'applicationManager/Event/:id/attendances',
    permission: { role: 'EventManager' },
    summary:
      'Every sign-up of one event (refused ones too) with its id, for confirm and refuse; oldest first, paged (page 0-based, pageSize 20 by default).',
    params: idParamsSchema,
    query: eventSheetQuerySchema,
    response: { 200: managedAttendancePageSchema },
  }),
  create: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'applicationManager/Event/Create',
    permission: { role: 'EventManager' },
    summary: 'Creates an event.',
    body: eventInputSchema,
    response: { 200: managedEventDetailSchema },
  }),
  update: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'applicationManager/Event/Update',
    permission: { role: 'EventManager' },
    summary: 'Updates an event; the capacity cannot go below the places already taken.',
    body: updateEventBodySchema,
    response: { 200: managedEventDetailSchema },
  }),
  close: defineRoute({
    feature: 'event',
    method: 'POST',
    path: 'applicationManager/Event/Close/:id',
    permission: { role: 'EventManager' },
    summary: 'Closes an event: nobody can sign up or change guests any more (cancelling stays possible).',
    params: idParamsSchema,
    response: { 200: managedEventDetailSchema },
  }),
  remove: defineRoute({
    feature: 'event',
    method: 'DELETE',
    path: 'applicationManager/Event/:id',
    permission: { role: 'EventManager' },
    summary: 'Deletes an event with its sign-ups and comments.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
} as const;
