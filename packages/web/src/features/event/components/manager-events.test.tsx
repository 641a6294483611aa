import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagedAttendance, ManagedEventDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { apiError, feedPage, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

const eventManager = makeAccount({ id: 2, roles: ['EventManager'], firstName: 'Eva' });

function attendance(overrides: Partial<ManagedAttendance>): ManagedAttendance {
  return {
    id: 1,
    userId: 3,
    firstName: 'Lien',
    lastName: 'Lid',
    guests: 1,
    status: 'waiting',
    signedUpAt: '2030-06-01T10:00:00.000Z',
    handledAt: null,
    ...overrides,
  };
}

function managedEvent(overrides: Partial<ManagedEventDetail> = {}): ManagedEventDetail {
  return {
    id: 5,
    title: 'Workshop tomaten snoeien',
    description: 'Leer hoe je tomaten snoeit.',
    location: 'De serre',
    startDate: '2030-06-15T08:00:00.000Z',
    endDate: '2030-06-15T10:00:00.000Z',
    capacity: 12,
    isClosed: false,
    hasStarted: false,
    hasEnded: false,
    placesTaken: 3,
    placesLeft: 9,
    waitingCount: 1,
    confirmedCount: 1,
    refusedCount: 0,
    totals: { members: 2, guests: 1, places: 3 },
    ...overrides,
  };
}

const sheet = (): ManagedAttendance[] => [
  attendance({ id: 1 }),
  attendance({ id: 2, userId: 4, firstName: 'Jef', lastName: 'Janssens', guests: 0, status: 'confirmed' }),
];

function sheetApi(initial = managedEvent(), initialAttendances = sheet()) {
  let event = initial;
  let attendances = initialAttendances;
  const decide =
    (status: 'confirmed' | 'refused') =>
    ({ body }: StubRequest) => {
      const { attendanceId } = body as { attendanceId: number };
      attendances = attendances.map((line) =>
        line.id === attendanceId ? { ...line, status, handledAt: '2030-06-02T10:00:00.000Z' } : line,
      );
      return json(event);
    };
  return {
    'GET /api/applicationManager/Event': () => json(feedPage([event])),
    'GET /api/applicationManager/Event/5': () => json(event),
    'GET /api/applicationManager/Event/5/attendances': ({ url }: StubRequest) => {
      // Two sign-ups per page, so a test can see the sheet grow with "Meer laden".
      const page = Number(new URL(url, 'http://localhost').searchParams.get('page') ?? 0);
      const items = attendances.slice(page * 2, page * 2 + 2);
      return json(feedPage(items, { page, pageSize: 2, total: attendances.length }));
    },
    'POST /api/event/confirm': decide('confirmed'),
    'POST /api/event/refuse': decide('refused'),
    'POST /api/applicationManager/Event/Close/5': () => {
      event = { ...event, isClosed: true };
      return json(event);
    },
    'DELETE /api/applicationManager/Event/5': () => new Response(null, { status: 204 }),
  };
}

describe('/applicationManager/events', () => {
  it('lists the events with their counts and a button for a new one', async () => {
    renderApp({ path: '/applicationManager/events', account: eventManager, handlers: sheetApi() });
    const card = await screen.findByRole('link', { name: /Workshop tomaten snoeien/ });
    expect(card).toHaveAttribute('href', '/applicationManager/events/5');
    expect(within(card).getByText('1 te bevestigen · 1 bevestigd · 0 geweigerd')).toBeInTheDocument();
    expect(within(card).getByText('3 van 12 plaatsen ingenomen · Nog 9 plaatsen vrij')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw evenement' })).toHaveAttribute(
      'href',
      '/applicationManager/events/new',
    );
  });

  it('shows an empty state with the new button', async () => {
    renderApp({
      path: '/applicationManager/events',
      account: eventManager,
      handlers: { 'GET /api/applicationManager/Event': () => json(feedPage([])) },
    });
    expect(await screen.findByText('Nog geen evenementen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw evenement' })).toBeInTheDocument();
  });

  it('is closed to a member without the EventManager role', async () => {
    renderApp({ path: '/applicationManager/events', account: makeAccount({ roles: ['TaskManager'] }) });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });

  it('has a tile on the manager home for an EventManager', async () => {
    renderApp({ path: '/applicationManager', account: eventManager });
    expect(await screen.findByRole('link', { name: /Evenementen/ })).toHaveAttribute(
      'href',
      '/applicationManager/events',
    );
  });
});

describe('/applicationManager/events/:id (attendance sheet)', () => {
  it('confirms and refuses sign-ups', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/events/5',
      account: eventManager,
      handlers: sheetApi(),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('2 leden · 1 gast · 3 plaatsen')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Lien Lid bevestigen' });
    // Jef is confirmed already: only refusing is left.
    expect(screen.queryByRole('button', { name: 'Jef Janssens bevestigen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lien Lid bevestigen' }));
    expect(await screen.findByText('Lien Lid is bevestigd en krijgt een melding.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/event/confirm')?.body).toEqual({ attendanceId: 1 });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Lien Lid bevestigen' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Jef Janssens weigeren' }));
    expect(await screen.findByText('Jef Janssens is geweigerd en krijgt een melding.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/event/refuse')?.body).toEqual({ attendanceId: 2 });
  });

  it('loads a long sheet a page at a time, each sign-up once', async () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      attendance({ id: i + 1, userId: i + 10, firstName: `Lid${i + 1}`, lastName: 'Test' }),
    );
    const { fetch } = renderApp({
      path: '/applicationManager/events/5',
      account: eventManager,
      handlers: sheetApi(managedEvent(), many),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Lid2 Test bevestigen' })).toBeInTheDocument();
    expect(screen.queryByText('Lid3 Test')).not.toBeInTheDocument();
    expect(screen.getByText('2 van 5 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('4 van 5 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('button', { name: 'Lid5 Test bevestigen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /bevestigen$/ })).toHaveLength(5);
    const pages = fetch.calls
      .filter((c) => c.path === '/api/applicationManager/Event/5/attendances')
      .map((c) => new URL(c.url, 'http://localhost').searchParams.get('page'));
    expect(pages).toEqual(['0', '1', '2']);
  });

  it('shows the server error of a confirm', async () => {
    renderApp({
      path: '/applicationManager/events/5',
      account: eventManager,
      handlers: {
        ...sheetApi(),
        'POST /api/event/confirm': () =>
          apiError(409, 'EVENT_ATTENDANCE_ALREADY_HANDLED', 'Deze aanmelding is al bevestigd.'),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Lien Lid bevestigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze aanmelding is al bevestigd.');
  });

  it('closes the event after a confirmation', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/events/5',
      account: eventManager,
      handlers: sheetApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sluiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evenement sluiten' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, sluiten' }));
    expect(await screen.findByText('Workshop tomaten snoeien is gesloten.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path === '/api/applicationManager/Event/Close/5')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sluiten' })).not.toBeInTheDocument());
    expect(screen.getByText('Gesloten')).toBeInTheDocument();
  });

  it('deletes the event after a confirmation and goes back to the list', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/events/5',
      account: eventManager,
      handlers: sheetApi(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evenement verwijderen' });
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await screen.findByText('Workshop tomaten snoeien is verwijderd.')).toBeInTheDocument();
    expect(
      fetch.calls.some((c) => c.method === 'DELETE' && c.path === '/api/applicationManager/Event/5'),
    ).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/events'));
  });
});

describe('event form (new and edit)', () => {
  it('shows the contract’s Dutch messages for an empty form, and sends nothing', async () => {
    const { fetch } = renderApp({ path: '/applicationManager/events/new', account: eventManager });
    const user = userEvent.setup();
    // The proposed dates cleared.
    await screen.findByRole('textbox', { name: /Titel/ });
    for (const clear of screen.getAllByRole('button', { name: 'Wissen' })) await user.click(clear);
    await user.click(screen.getByRole('button', { name: 'Evenement aanmaken' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(screen.getByText('Kies wanneer het evenement begint.')).toBeInTheDocument();
    expect(screen.getByText('Kies wanneer het evenement eindigt.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.path.includes('Event/Create'))).toBe(false);
  });

  it('proposes a week from now, 14 to 17, offers no past days, and moves the end along with a new start', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/events/new',
      account: eventManager,
      handlers: {
        ...sheetApi(),
        'POST /api/applicationManager/Event/Create': ({ body }: StubRequest) =>
          json(managedEvent({ ...(body as object), id: 5 })),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Titel/ }), 'Oogstfeest');
    const proposed = new Date();
    proposed.setDate(proposed.getDate() + 7);
    expect(screen.getByRole('button', { name: /Begin/ })).toHaveTextContent(
      new RegExp(`${proposed.getDate()} .*14:00`),
    );
    expect(screen.getByRole('button', { name: /Einde/ })).toHaveTextContent(
      new RegExp(`${proposed.getDate()} .*17:00`),
    );

    await user.click(screen.getByRole('button', { name: /Begin/ }));
    const picker = await screen.findByRole('dialog');
    // Yesterday cannot be picked (when it is in the month shown).
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    const dayButton = (date: number) =>
      within(picker)
        .getAllByRole('button')
        .find(
          (b) =>
            new RegExp(`^${date} `).test(b.getAttribute('aria-label') ?? '') &&
            !b.hasAttribute('data-outside'),
        );
    if (yesterday.getMonth() === proposed.getMonth()) expect(dayButton(yesterday.getDate())).toBeDisabled();
    // The 15th of the next month.
    await user.click(within(picker).getByRole('button', { name: 'Volgende maand' }));
    await user.click(dayButton(15)!);
    await user.click(within(picker).getByRole('button', { name: 'Datum en tijd bevestigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByRole('textbox', { name: /Aantal plaatsen/ }), '30');
    await user.click(screen.getByRole('button', { name: 'Evenement aanmaken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/events/5'));
    const body = fetch.calls.find((c) => c.path === '/api/applicationManager/Event/Create')?.body as {
      title: string;
      startDate: string;
      endDate: string;
      capacity: number | null;
    };
    expect(body).toMatchObject({ title: 'Oogstfeest', capacity: 30, location: '', description: '' });
    const start = new Date(body.startDate);
    expect(start.getDate()).toBe(15);
    expect(start.getHours()).toBe(14);
    expect(start.getTime()).toBeGreaterThan(Date.now());
    expect(new Date(body.endDate).getTime() - start.getTime()).toBe(3 * 3_600_000);
  });

  it('edits an event: filled in, saved with its id; a too low capacity shows the server message on the field', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/events/5/edit',
      account: eventManager,
      handlers: {
        ...sheetApi(),
        'POST /api/applicationManager/Event/Update': () =>
          apiError(
            409,
            'EVENT_CAPACITY_TOO_LOW',
            'Er zijn al 3 plaatsen ingenomen (leden en hun gasten). Kies minstens 3, of laat het leeg voor onbeperkt.',
            {
              capacity:
                'Er zijn al 3 plaatsen ingenomen (leden en hun gasten). Kies minstens 3, of laat het leeg voor onbeperkt.',
            },
          ),
      },
    });
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    expect(title).toHaveValue('Workshop tomaten snoeien');
    const capacity = screen.getByRole('textbox', { name: /Aantal plaatsen/ });
    expect(capacity).toHaveValue('12');
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(capacity).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(/Kies minstens 3/).length).toBeGreaterThan(0);
    expect(fetch.calls.find((c) => c.path === '/api/applicationManager/Event/Update')?.body).toMatchObject({
      id: 5,
      title: 'Workshop tomaten snoeien',
      capacity: 2,
      startDate: '2030-06-15T08:00:00.000Z',
      endDate: '2030-06-15T10:00:00.000Z',
    });
  });
});
