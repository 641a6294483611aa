import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventAttendee, EventDetail, ManagedAttendance, ManagedEventDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check (as in a11y.test.tsx) of every events screen: member list and detail, manager list, sheet, form. */
withoutCanvas();

const member = makeAccount();
const eventManager = makeAccount({ id: 2, roles: ['EventManager'], firstName: 'Eva' });

const event: EventDetail = {
  id: 5,
  title: 'Workshop tomaten snoeien',
  description: 'Leer hoe je tomaten snoeit.',
  location: 'De serre',
  startDate: '2030-06-15T08:00:00.000Z',
  endDate: '2030-06-15T10:00:00.000Z',
  capacity: 12,
  placesTaken: 5,
  placesLeft: 7,
  isClosed: false,
  hasStarted: false,
  hasEnded: false,
  myAttendance: { id: 9, status: 'waiting', guests: 1 },
  totals: { members: 2, guests: 3, places: 5 },
};

const managed: ManagedEventDetail = {
  id: 5,
  title: event.title,
  description: event.description,
  location: event.location,
  startDate: event.startDate,
  endDate: event.endDate,
  capacity: 12,
  isClosed: false,
  hasStarted: false,
  hasEnded: false,
  placesTaken: 5,
  placesLeft: 7,
  waitingCount: 1,
  confirmedCount: 1,
  refusedCount: 1,
  totals: { members: 2, guests: 3, places: 5 },
};

const attendees: EventAttendee[] = [
  { firstName: 'Lien', lastName: 'Lid', guests: 1, status: 'waiting', isMe: true },
  { firstName: 'Jef', lastName: 'Janssens', guests: 2, status: 'confirmed', isMe: false },
];

const attendances: ManagedAttendance[] = [
  {
    id: 1,
    userId: 3,
    firstName: 'Lien',
    lastName: 'Lid',
    guests: 1,
    status: 'waiting',
    signedUpAt: '2030-06-01T10:00:00.000Z',
    handledAt: null,
  },
  {
    id: 2,
    userId: 4,
    firstName: 'Jef',
    lastName: 'Janssens',
    guests: 2,
    status: 'confirmed',
    signedUpAt: '2030-06-01T11:00:00.000Z',
    handledAt: '2030-06-02T10:00:00.000Z',
  },
  {
    id: 3,
    userId: 6,
    firstName: 'Marie',
    lastName: 'Maes',
    guests: 0,
    status: 'refused',
    signedUpAt: '2030-06-01T12:00:00.000Z',
    handledAt: '2030-06-02T10:00:00.000Z',
  },
];

const handlers: Record<string, StubHandler> = {
  'GET /api/event': () =>
    json({
      items: [
        event,
        { ...event, id: 6, title: 'Oogstfeest', capacity: null, placesLeft: null, myAttendance: null },
      ].map(({ description: _d, totals: _t, ...summary }) => summary),
      total: 2,
      page: 0,
      pageSize: 20,
    }),
  'GET /api/event/5': () => json(event),
  'GET /api/event/5/attendees': () => json(feedPage(attendees)),
  'GET /api/comment/event/5': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
  'GET /api/applicationManager/Event': () => json(feedPage([managed])),
  'GET /api/applicationManager/Event/5': () => json(managed),
  'GET /api/applicationManager/Event/5/attendances': () => json(feedPage(attendances)),
};

const screens: { name: string; path: string; account: typeof member; ready: () => Promise<unknown> }[] = [
  {
    name: 'events list',
    path: '/events',
    account: member,
    ready: () => screen.findByRole('link', { name: /Oogstfeest/ }),
  },
  {
    name: 'event detail (signed up, sheet, comments)',
    path: '/events/5',
    account: member,
    ready: async () => {
      await screen.findByRole('button', { name: 'Gasten wijzigen' });
      return screen.findByText(/Lien Lid \(jij\)/);
    },
  },
  {
    name: 'manager events list',
    path: '/applicationManager/events',
    account: eventManager,
    ready: () => screen.findByRole('link', { name: 'Nieuw evenement' }),
  },
  {
    name: 'manager attendance sheet',
    path: '/applicationManager/events/5',
    account: eventManager,
    ready: () => screen.findByRole('button', { name: 'Lien Lid bevestigen' }),
  },
  {
    name: 'new event form',
    path: '/applicationManager/events/new',
    account: eventManager,
    ready: () => screen.findByRole('button', { name: 'Evenement aanmaken' }),
  },
  {
    name: 'edit event form',
    path: '/applicationManager/events/5/edit',
    account: eventManager,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
];

describe('accessibility (axe) of the events screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, ready }) => {
    renderApp({ path, account, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the event form with its errors shown has no violations', async () => {
    renderApp({ path: '/applicationManager/events/new', account: eventManager, handlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Evenement aanmaken' }));
    await screen.findByText('Vul een titel in.');
    expect(await axeViolations()).toEqual([]);
  });

  it('the date picker dialog has no violations', async () => {
    renderApp({ path: '/applicationManager/events/new', account: eventManager, handlers });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Begin/ }));
    const picker = await screen.findByRole('dialog');
    expect(within(picker).getByRole('button', { name: 'Volgende maand' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('the cancel confirmation of a sign-up has no violations', async () => {
    renderApp({ path: '/events/5', account: member, handlers });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aanmelding annuleren' }));
    await screen.findByRole('dialog', { name: 'Aanmelding annuleren' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the delete confirmation on the attendance sheet has no violations', async () => {
    renderApp({ path: '/applicationManager/events/5', account: eventManager, handlers });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await screen.findByRole('dialog', { name: 'Evenement verwijderen' });
    expect(await axeViolations()).toEqual([]);
  });
});
