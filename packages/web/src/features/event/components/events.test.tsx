import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventAttendee, EventDetail, EventSummary } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubHandler,
  type StubRequest,
} from '../../../../test/utils';

const member = makeAccount();

function makeEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 5,
    title: 'Workshop tomaten snoeien',
    description: 'Leer hoe je tomaten snoeit.\nBreng je schaar mee.',
    location: 'De serre',
    startDate: '2030-06-15T08:00:00.000Z',
    endDate: '2030-06-15T10:00:00.000Z',
    capacity: 12,
    placesTaken: 3,
    placesLeft: 9,
    isClosed: false,
    hasStarted: false,
    hasEnded: false,
    myAttendance: null,
    totals: { members: 1, guests: 2, places: 3 },
    ...overrides,
  };
}

function summary(event: EventDetail): EventSummary {
  const { description: _d, totals: _t, ...rest } = event;
  return rest;
}

const jef: EventAttendee = {
  firstName: 'Jef',
  lastName: 'Janssens',
  guests: 2,
  status: 'confirmed',
  isMe: false,
};

/** A small event API: the detail and its sheet answer what take/changeGuests/cancel did. */
function eventApi(initial: EventDetail, overrides: Record<string, StubHandler> = {}) {
  let event = initial;
  let attendees: EventAttendee[] = [jef];
  const me = { firstName: 'Lien', lastName: 'Lid', isMe: true };
  const withMe = (guests: number): EventDetail => {
    attendees = [...attendees.filter((line) => !line.isMe), { ...me, guests, status: 'waiting' as const }];
    const places = attendees.reduce((sum, line) => sum + 1 + line.guests, 0);
    return {
      ...event,
      myAttendance: { id: 77, status: 'waiting', guests },
      placesTaken: places,
      placesLeft: event.capacity === null ? null : event.capacity - places,
      totals: {
        members: attendees.length,
        guests: attendees.reduce((sum, line) => sum + line.guests, 0),
        places,
      },
    };
  };
  return {
    'GET /api/event/5': () => json(event),
    'GET /api/event/5/attendees': () => json(feedPage(attendees)),
    'GET /api/comment/event/5': () => json(feedPage([])),
    'POST /api/event/take': ({ body }: StubRequest) => {
      event = withMe((body as { guests: number }).guests);
      return json(event);
    },
    'POST /api/event/changeGuests': ({ body }: StubRequest) => {
      event = withMe((body as { guests: number }).guests);
      return json(event);
    },
    'POST /api/event/cancel': () => {
      attendees = attendees.filter((line) => !line.isMe);
      event = {
        ...event,
        myAttendance: null,
        placesTaken: 3,
        placesLeft: 9,
        totals: { members: 1, guests: 2, places: 3 },
      };
      return json(event);
    },
    ...overrides,
  };
}

describe('/events (member list)', () => {
  it('asks for the events that have not ended, soonest first, and shows them as cards', async () => {
    const closed = makeEvent({ id: 6, title: 'Zadenruil', isClosed: true, capacity: null, placesLeft: null });
    const mine = makeEvent({
      id: 7,
      title: 'Oogstfeest',
      placesLeft: 0,
      myAttendance: { id: 1, status: 'confirmed', guests: 1 },
    });
    const { fetch } = renderApp({
      path: '/events',
      account: member,
      handlers: {
        'GET /api/event': () =>
          json({ items: [makeEvent(), closed, mine].map(summary), total: 3, page: 0, pageSize: 20 }),
      },
    });
    const card = await screen.findByRole('link', { name: /Workshop tomaten snoeien/ });
    expect(card).toHaveAttribute('href', '/events/5');
    expect(within(card).getByText('Nog 9 plaatsen vrij')).toBeInTheDocument();
    expect(within(card).getByText('De serre')).toBeInTheDocument();
    expect(within(card).getByText(/15 jun 2030/)).toBeInTheDocument();

    const closedCard = screen.getByRole('link', { name: /Zadenruil/ });
    expect(within(closedCard).getByText('Gesloten')).toBeInTheDocument();
    // A closed event does not advertise places it no longer gives.
    expect(within(closedCard).queryByText('Plaatsen: onbeperkt')).not.toBeInTheDocument();

    const mineCard = screen.getByRole('link', { name: /Oogstfeest/ });
    expect(within(mineCard).getByText('Bevestigd')).toBeInTheDocument();
    expect(within(mineCard).getByText('Volzet')).toBeInTheDocument();
    expect(within(mineCard).getByText('Jouw aanmelding: Bevestigd met 1 gast')).toBeInTheDocument();

    const call = fetch.calls.find((c) => c.path === '/api/event');
    const query = new URL(call!.url, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      hasEnded: 'false',
      pageSize: '20',
      page: '0',
      sortBy: 'startDate',
      sortDirection: 'asc',
    });
  });

  it('shows an empty state', async () => {
    renderApp({
      path: '/events',
      account: member,
      handlers: { 'GET /api/event': () => json({ items: [], total: 0, page: 0, pageSize: 20 }) },
    });
    expect(await screen.findByText('Geen evenementen gepland')).toBeInTheDocument();
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    renderApp({
      path: '/events',
      account: member,
      handlers: {
        'GET /api/event': () =>
          fail
            ? apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.')
            : json({ items: [summary(makeEvent())], total: 1, page: 0, pageSize: 20 }),
      },
    });
    expect(await screen.findByText('Er ging iets mis. Probeer het later opnieuw.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('link', { name: /Workshop tomaten snoeien/ })).toBeInTheDocument();
  });
});

describe('/events/:id (member detail)', () => {
  it('shows the description, the places, the attendance sheet and the comments', async () => {
    renderApp({ path: '/events/5', account: member, handlers: eventApi(makeEvent()) });
    expect(
      await screen.findByRole('heading', { name: 'Workshop tomaten snoeien', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Leer hoe je tomaten snoeit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle evenementen' })).toHaveAttribute('href', '/events');
    expect(screen.getByText('3 van 12 plaatsen ingenomen · Nog 9 plaatsen vrij')).toBeInTheDocument();
    const sheet = screen.getByRole('region', { name: 'Aanwezigheidslijst' });
    expect(within(sheet).getByText('1 lid · 2 gasten · 3 plaatsen')).toBeInTheDocument();
    expect(await within(sheet).findByText(/Jef Janssens/)).toBeInTheDocument();
    expect(within(sheet).getByText('+ 2 gasten')).toBeInTheDocument();
    expect(within(sheet).getByText('Bevestigd')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Reacties/ })).toBeInTheDocument();
  });

  it('signs up with a guest, then shows me on the sheet, and I can change guests and cancel', async () => {
    const { fetch } = renderApp({ path: '/events/5', account: member, handlers: eventApi(makeEvent()) });
    const user = userEvent.setup();
    const guests = await screen.findByRole('textbox', { name: /Aantal gasten/ });
    await user.clear(guests);
    await user.type(guests, '1');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

    expect(await screen.findByText('Je bent aangemeld voor Workshop tomaten snoeien.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/event/take')?.body).toEqual({ eventId: 5, guests: 1 });
    expect(
      screen.getByText('Je bent aangemeld met 1 gast. Een beheerder bevestigt je aanmelding nog.'),
    ).toBeInTheDocument();
    const sheet = screen.getByRole('region', { name: 'Aanwezigheidslijst' });
    expect(await within(sheet).findByText(/Lien Lid \(jij\)/)).toBeInTheDocument();
    expect(within(sheet).getByText('2 leden · 3 gasten · 5 plaatsen')).toBeInTheDocument();

    // Same number of guests: nothing to change.
    const change = screen.getByRole('button', { name: 'Gasten wijzigen' });
    expect(change).toBeDisabled();
    expect(screen.getByText('Kies een ander aantal gasten om te wijzigen.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Aantal gasten/ });
    await user.clear(field);
    await user.type(field, '3');
    await user.click(change);
    expect(await screen.findByText('Je aantal gasten is aangepast.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/event/changeGuests')?.body).toEqual({
      eventId: 5,
      guests: 3,
    });

    await user.click(screen.getByRole('button', { name: 'Aanmelding annuleren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanmelding annuleren' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, annuleren' }));
    expect(await screen.findByText('Je aanmelding is geannuleerd.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/event/cancel')?.body).toEqual({ eventId: 5 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aanmelden' })).toBeEnabled());
  });

  it('without guests says "zonder gasten", never "met 0 gasten"', async () => {
    renderApp({
      path: '/events/5',
      account: member,
      handlers: eventApi(makeEvent({ myAttendance: { id: 1, status: 'waiting', guests: 0 } })),
    });
    expect(
      await screen.findByText('Je bent aangemeld zonder gasten. Een beheerder bevestigt je aanmelding nog.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/met 0 gasten/)).not.toBeInTheDocument();
  });

  it('says in Dutch why signing up is not possible', async () => {
    const cases: [Partial<EventDetail>, string, string][] = [
      [
        { isClosed: true },
        'Dit evenement is gesloten: aanmelden of je aanmelding wijzigen kan niet meer.',
        '3 van 12 plaatsen ingenomen · Gesloten',
      ],
      [
        { hasStarted: true },
        'Dit evenement is al begonnen: aanmelden, wijzigen of annuleren kan niet meer.',
        '3 van 12 plaatsen ingenomen · Bezig',
      ],
      [
        { hasStarted: true, hasEnded: true, capacity: null, placesLeft: null },
        'Dit evenement is voorbij.',
        '3 plaatsen ingenomen · Voorbij',
      ],
      [
        { placesLeft: 0, placesTaken: 12 },
        'Dit evenement is volzet: er zijn geen plaatsen meer vrij.',
        '12 van 12 plaatsen ingenomen · Volzet',
      ],
      [
        { myAttendance: { id: 1, status: 'refused', guests: 0 } },
        'Je aanmelding voor dit evenement werd geweigerd.',
        '3 van 12 plaatsen ingenomen · Nog 9 plaatsen vrij',
      ],
    ];
    for (const [change, reason, places] of cases) {
      const view = renderApp({ path: '/events/5', account: member, handlers: eventApi(makeEvent(change)) });
      expect(await screen.findByText(reason)).toBeInTheDocument();
      expect(screen.getByText(places)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Aanmelden' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('disables signing up when my guests do not fit, with the reason', async () => {
    renderApp({
      path: '/events/5',
      account: member,
      handlers: eventApi(makeEvent({ placesLeft: 2, placesTaken: 10 })),
    });
    const user = userEvent.setup();
    const guests = await screen.findByRole('textbox', { name: /Aantal gasten/ });
    await user.clear(guests);
    await user.type(guests, '2');
    const button = screen.getByRole('button', { name: 'Aanmelden' });
    expect(button).toBeDisabled();
    expect(
      screen.getByText('Er zijn nog maar 2 plaatsen vrij: niet genoeg voor jou en 2 gasten.'),
    ).toBeInTheDocument();
    await user.clear(guests);
    await user.type(guests, '1');
    expect(button).toBeEnabled();
  });

  it('shows the server’s Dutch error when the last place was just taken', async () => {
    renderApp({
      path: '/events/5',
      account: member,
      handlers: eventApi(makeEvent({ placesLeft: 1 }), {
        'POST /api/event/take': () =>
          apiError(409, 'EVENT_FULL', 'Dit evenement is volzet: er zijn geen plaatsen meer vrij.'),
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit evenement is volzet: er zijn geen plaatsen meer vrij.',
    );
  });

  it('shows me signed up at once while the server answers (useOptimistic), and puts the panel back on a refusal', async () => {
    const answers: Array<(response: Response) => void> = [];
    const api = eventApi(makeEvent());
    renderApp({
      path: '/events/5',
      account: member,
      handlers: {
        ...api,
        'POST /api/event/take': () => new Promise<Response>((resolve) => answers.push(resolve)),
      },
    });
    const user = userEvent.setup();
    const guests = await screen.findByRole('textbox', { name: /Aantal gasten/ });
    await user.clear(guests);
    await user.type(guests, '2');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    // Before the answer: signed up with 2 guests, waiting; 3 more places taken; nothing to change yet.
    expect(
      await screen.findByText('Je bent aangemeld met 2 gasten. Een beheerder bevestigt je aanmelding nog.'),
    ).toBeInTheDocument();
    expect(screen.getByText('6 van 12 plaatsen ingenomen · Nog 6 plaatsen vrij')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aanmelding annuleren' })).toBeDisabled();
    expect(answers).toHaveLength(1);
    answers[0]!(apiError(409, 'EVENT_FULL', 'Dit evenement is volzet: er zijn geen plaatsen meer vrij.'));
    // Refused: the server's Dutch reason, the panel and the places as they were, my 2 guests kept.
    const refusal = await screen.findByText('Dit evenement is volzet: er zijn geen plaatsen meer vrij.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    // The error can show a render before React ends the action and drops the guess.
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeInTheDocument();
    expect(screen.getByText('3 van 12 plaatsen ingenomen · Nog 9 plaatsen vrij')).toBeInTheDocument();
    expect(screen.queryByText(/Je bent aangemeld met/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Aantal gasten/ })).toHaveValue('2');

    // Accepted: the server's answer replaces the guess.
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByText(/Je bent aangemeld met 2 gasten/)).toBeInTheDocument();
    answers[1]!(await api['POST /api/event/take']!({ body: { eventId: 5, guests: 2 } } as StubRequest));
    expect(await screen.findByText('Je bent aangemeld voor Workshop tomaten snoeien.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aanmelding annuleren' })).toBeEnabled());
    expect(screen.getByText('6 van 12 plaatsen ingenomen · Nog 6 plaatsen vrij')).toBeInTheDocument();
  });

  it('answers an unknown event with the not-found page, without comments', async () => {
    renderApp({
      path: '/events/5',
      account: member,
      handlers: { 'GET /api/event/5': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') },
    });
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Reacties/ })).not.toBeInTheDocument();
  });
});
