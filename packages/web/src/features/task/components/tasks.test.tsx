import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagerTaskDetail, MyCredits, TaskDetail, TaskSummary } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  resetNotifications,
  type StubHandler,
  type StubRequest,
  expectErrorWithRetry,
} from '../../../../test/utils';

const member = makeAccount();
const manager = makeAccount({ id: 2, roles: ['TaskManager'], firstName: 'Karel', lastName: 'Klus' });

function makeSummary(overrides: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id: 5,
    title: 'Aardbeien uitplanten',
    description: 'We planten 300 aardbeiplanten.\nBreng handschoenen mee.',
    location: 'Serre',
    // 9 to 12 on the test machine's clock, whatever its time zone.
    startsAt: new Date(2030, 5, 8, 9, 0).toISOString(),
    endsAt: new Date(2030, 5, 8, 12, 0).toISOString(),
    places: 4,
    creditsPerPerson: 3,
    isClosed: false,
    placesTaken: 1,
    placesLeft: 3,
    isFull: false,
    hasStarted: false,
    hasEnded: false,
    myStatus: null,
    ...overrides,
  };
}

function makeDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    ...makeSummary(),
    myAssignmentId: null,
    helpers: [{ firstName: 'Jef', status: 'confirmed' }],
    ...overrides,
  };
}

function makeManagerDetail(overrides: Partial<ManagerTaskDetail> = {}): ManagerTaskDetail {
  const { myStatus: _myStatus, ...summary } = makeSummary();
  return {
    ...summary,
    waitingCount: 1,
    confirmedCount: 0,
    refusedCount: 0,
    createdAt: '2030-05-01T10:00:00.000Z',
    takers: [
      {
        assignmentId: 41,
        userId: 3,
        firstName: 'Lien',
        lastName: 'Lid',
        status: 'waiting',
        takenAt: '2030-05-02T10:00:00.000Z',
        handledAt: null,
      },
    ],
    ...overrides,
  };
}

/** The calls around a chore's page that are not the chore itself (comments, header badges). */
const surroundings: Record<string, StubHandler> = {
  'GET /api/comment/task/5': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/notification': () => json([]),
};

beforeEach(() => resetNotifications());

describe('member chores', () => {
  it('lists the open chores with date, place, places left, credits and my state', async () => {
    renderApp({
      path: '/tasks',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/Task/true': () =>
          json(
            feedPage([
              makeSummary(),
              makeSummary({
                id: 6,
                title: 'Onkruid wieden',
                location: 'Veld 2',
                placesLeft: 0,
                placesTaken: 3,
                isFull: true,
                creditsPerPerson: 1,
                myStatus: 'waiting',
              }),
            ]),
          ),
      },
    });
    const card = await screen.findByRole('link', { name: /^Aardbeien uitplanten/ });
    expect(card).toHaveAttribute('href', '/tasks/5');
    expect(within(card).getByText('za 8 jun 2030, 09:00–12:00')).toBeInTheDocument();
    expect(within(card).getByText('Serre')).toBeInTheDocument();
    expect(within(card).getByText('Nog 3 plaatsen vrij')).toBeInTheDocument();
    expect(within(card).getByText('3 werkpunten')).toBeInTheDocument();
    const full = screen.getByRole('link', { name: /^Onkruid wieden/ });
    expect(within(full).getByText('Volzet')).toBeInTheDocument();
    expect(within(full).getByText('1 werkpunt')).toBeInTheDocument();
    expect(within(full).getByText('Wacht op bevestiging')).toBeInTheDocument();
  });

  it('shows an empty state and an error state with retry', async () => {
    const first = renderApp({
      path: '/tasks',
      account: member,
      handlers: { ...surroundings, 'GET /api/Task/true': () => json(feedPage([])) },
    });
    expect(await screen.findByText('Geen klusjes op dit moment')).toBeInTheDocument();
    first.unmount();
    await expectErrorWithRetry({
      path: '/tasks',
      account: member,
      handlers: surroundings,
      failing: 'GET /api/Task/true',
    });
  });

  it('takes a chore from its page and then shows my waiting assignment, with the comments below', async () => {
    let detail = makeDetail();
    const { fetch } = renderApp({
      path: '/tasks/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/Task/5': () => json(detail),
        'POST /api/task/take': () => {
          detail = makeDetail({
            myStatus: 'waiting',
            myAssignmentId: 41,
            placesTaken: 2,
            placesLeft: 2,
            helpers: [...detail.helpers, { firstName: 'Lien', status: 'waiting' }],
          });
          return json(detail);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Aardbeien uitplanten' })).toBeInTheDocument();
    expect(screen.getByText(/We planten 300 aardbeiplanten/)).toBeInTheDocument();
    expect(screen.getByText('Jef')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle klusjes' })).toHaveAttribute('href', '/tasks');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ik help mee' }));
    expect(
      await screen.findByText('Je bent ingeschreven. Een beheerder bevestigt je hulp nog.'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path === '/api/task/take')?.body).toEqual({ taskId: 5 });
    expect(screen.getAllByText('Wacht op bevestiging').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Inschrijving annuleren' })).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/comment/task/5')).toBe(true);
  });

  it('cannot take a full, closed, started or past chore, says why, and shows no free places', async () => {
    const cases: [Partial<TaskDetail>, string, string][] = [
      [
        { isFull: true, placesLeft: 0, placesTaken: 4 },
        'Dit klusje is volzet: alle plaatsen zijn al ingenomen.',
        'Volzet',
      ],
      [{ isClosed: true }, 'Dit klusje is afgesloten: je kan je niet meer inschrijven.', 'Afgesloten'],
      [
        { hasStarted: true },
        'Dit klusje is al begonnen of voorbij: je kan je niet meer inschrijven.',
        'Bezig',
      ],
      [
        { hasStarted: true, hasEnded: true },
        'Dit klusje is al begonnen of voorbij: je kan je niet meer inschrijven.',
        'Voorbij',
      ],
    ];
    for (const [change, reason, state] of cases) {
      const view = renderApp({
        path: '/tasks/5',
        account: member,
        handlers: { ...surroundings, 'GET /api/Task/5': () => json(makeDetail(change)) },
      });
      const button = await screen.findByRole('button', { name: 'Ik help mee' });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
      expect(screen.getByText(state)).toBeInTheDocument();
      expect(screen.queryByText(/plaatsen? vrij/)).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the server’s Dutch reason when the last place went to someone else', async () => {
    renderApp({
      path: '/tasks/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/Task/5': () => json(makeDetail()),
        'POST /api/task/take': () =>
          apiError(409, 'TASK_FULL', 'Dit klusje is volzet: alle plaatsen zijn al ingenomen.'),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ik help mee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit klusje is volzet: alle plaatsen zijn al ingenomen.',
    );
  });

  it('shows my place at once while the take is answered (useOptimistic), and puts the chore back on a refusal', async () => {
    const answers: Array<(response: Response) => void> = [];
    const held = () => new Promise<Response>((resolve) => answers.push(resolve));
    let detail = makeDetail();
    renderApp({
      path: '/tasks/5',
      account: member,
      handlers: { ...surroundings, 'GET /api/Task/5': () => json(detail), 'POST /api/task/take': held },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ik help mee' }));
    // Before the server answers: my waiting place, one place more taken, my name among the helpers.
    expect(
      await screen.findByText('Je bent ingeschreven. Een beheerder bevestigt je hulp nog.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/2 van 4 plaatsen ingenomen/)).toBeInTheDocument();
    expect(screen.getByText(member.firstName)).toBeInTheDocument();
    // Nothing to cancel yet: the take has no answer.
    expect(screen.queryByRole('button', { name: 'Inschrijving annuleren' })).not.toBeInTheDocument();
    expect(answers).toHaveLength(1);
    answers[0]!(apiError(409, 'TASK_FULL', 'Dit klusje is volzet: alle plaatsen zijn al ingenomen.'));
    // Refused: the chore as it was, the button back, the server's Dutch reason under it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit klusje is volzet: alle plaatsen zijn al ingenomen.',
    );
    expect(screen.getByRole('button', { name: 'Ik help mee' })).toBeInTheDocument();
    expect(screen.getByText(/1 van 4 plaatsen ingenomen/)).toBeInTheDocument();
    expect(
      screen.queryByText('Je bent ingeschreven. Een beheerder bevestigt je hulp nog.'),
    ).not.toBeInTheDocument();

    // Taken for real: the answer replaces the guess and the cancel button comes.
    await user.click(screen.getByRole('button', { name: 'Ik help mee' }));
    expect(
      await screen.findByText('Je bent ingeschreven. Een beheerder bevestigt je hulp nog.'),
    ).toBeInTheDocument();
    detail = makeDetail({
      myStatus: 'waiting',
      myAssignmentId: 41,
      placesTaken: 2,
      placesLeft: 2,
      helpers: [...detail.helpers, { firstName: member.firstName, status: 'waiting' }],
    });
    answers[1]!(json(detail));
    expect(await screen.findByRole('button', { name: 'Inschrijving annuleren' })).toBeInTheDocument();
    expect(screen.getByText(/2 van 4 plaatsen ingenomen/)).toBeInTheDocument();
  });

  it('cancels my waiting assignment after confirming', async () => {
    let detail = makeDetail({ myStatus: 'waiting', myAssignmentId: 41 });
    const { fetch } = renderApp({
      path: '/tasks/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/Task/5': () => json(detail),
        'POST /api/task/cancel': () => {
          detail = makeDetail();
          return json(detail);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Inschrijving annuleren' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, annuleren' }),
    );
    expect(await screen.findByRole('button', { name: 'Ik help mee' })).toBeEnabled();
    expect(fetch.calls.find((call) => call.path === '/api/task/cancel')?.body).toEqual({ taskId: 5 });
  });

  it('answers a chore that does not exist (any more) with the not-found page, without comments', async () => {
    renderApp({
      path: '/tasks/99',
      account: member,
      handlers: { ...surroundings, 'GET /api/Task/99': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.') },
    });
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Reacties/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Jouw reactie')).not.toBeInTheDocument();
  });

  it('shows my credits of this harvest year with the total', async () => {
    const credits: MyCredits = {
      harvestYear: 2030,
      startsOn: '2030-03-01',
      endsOn: '2031-02-28',
      entries: [
        { id: 1, date: '2030-04-10T07:00:00.000Z', taskId: 5, taskTitle: 'Fruitbomen snoeien', amount: 3 },
        { id: 2, date: '2030-05-10T07:00:00.000Z', taskId: null, taskTitle: 'Serre kuisen', amount: 2 },
      ],
      total: 5,
      required: null,
    };
    renderApp({
      path: '/account/credits',
      account: member,
      handlers: { ...surroundings, 'GET /api/user/credits': () => json(credits) },
    });
    expect(await screen.findByText('Oogstjaar 2030')).toBeInTheDocument();
    expect(screen.getByText('Van 1 mrt 2030 tot en met 28 feb 2031')).toBeInTheDocument();
    expect(screen.getByText('5 werkpunten')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Fruitbomen snoeien/ })).toHaveAttribute('href', '/tasks/5');
    expect(screen.getByText('Serre kuisen')).toBeInTheDocument();
  });
});

describe('manager chores', () => {
  it('confirms a taker: the list of takers follows and a Dutch notice shows', async () => {
    let detail = makeManagerDetail();
    const { fetch } = renderApp({
      path: '/applicationManager/tasks/5',
      account: manager,
      handlers: {
        ...surroundings,
        'GET /api/applicationManager/Task/5': () => json(detail),
        'POST /api/task/confirm': ({ body }: StubRequest) => {
          expect(body).toEqual({ assignmentId: 41 });
          detail = makeManagerDetail({
            waitingCount: 0,
            confirmedCount: 1,
            takers: [{ ...detail.takers[0]!, status: 'confirmed', handledAt: '2030-05-03T10:00:00.000Z' }],
          });
          return json(detail);
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Lien Lid bevestigen' }));
    expect(await screen.findByText('Lien Lid is bevestigd en krijgt een melding.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Lien Lid bevestigen' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Lien Lid weigeren' })).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path === '/api/task/confirm')).toHaveLength(1);
  });

  it('pages the chore list with "Meer laden", following the cursor, and says how many there are', async () => {
    const first = { ...makeManagerDetail({ id: 5, title: 'Wieden' }), takers: undefined };
    const second = { ...makeManagerDetail({ id: 6, title: 'Oogsten' }), takers: undefined };
    const { fetch } = renderApp({
      path: '/applicationManager/tasks',
      account: manager,
      handlers: {
        ...surroundings,
        'GET /api/applicationManager/Task': ({ url }: StubRequest) => {
          const after = new URL(url, 'http://x').searchParams.get('after');
          return after === 'cursor-1'
            ? json({ ...feedPage([second], { page: 1, pageSize: 1, total: 1000 }), totalIsLowerBound: true })
            : json({ ...feedPage([first], { page: 0, pageSize: 1, total: 1000 }), totalIsLowerBound: true });
        },
      },
    });
    expect(await screen.findByText('Wieden')).toBeInTheDocument();
    expect(screen.getByText('1 van meer dan 1000 getoond')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Oogsten')).toBeInTheDocument();
    expect(screen.getByText('Wieden')).toBeInTheDocument();
    const listCalls = fetch.calls.filter((call) => call.path === '/api/applicationManager/Task');
    expect(listCalls.map((call) => new URL(call.url, 'http://x').searchParams.get('after'))).toEqual([
      null,
      'cursor-1',
    ]);
  });

  it('opens on the chores with sign-ups to confirm from the to-do link (?wachtend=1), and the switch clears it', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/tasks?wachtend=1',
      account: manager,
      handlers: { ...surroundings, 'GET /api/applicationManager/Task': () => json(feedPage([])) },
    });
    expect(await screen.findByText('Niets te bevestigen')).toBeInTheDocument();
    const waitingSwitch = screen.getByRole('switch', {
      name: 'Alleen klusjes met inschrijvingen te bevestigen',
    });
    expect(waitingSwitch).toBeChecked();
    const asked = () =>
      fetch.calls
        .filter((call) => call.path === '/api/applicationManager/Task')
        .map((call) => new URL(call.url, 'http://x').searchParams.get('waiting'));
    expect(asked()).toEqual(['true']);
    await userEvent.setup().click(waitingSwitch);
    await waitFor(() => expect(asked()).toEqual(['true', null]));
    expect(router.state.location.search).toBe('');
  });

  it('deletes only after confirming, then returns to the list', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/tasks/5',
      account: manager,
      handlers: {
        ...surroundings,
        'GET /api/applicationManager/Task/5': () => json(makeManagerDetail()),
        'DELETE /api/applicationManager/Task/5': () => new Response(null, { status: 204 }),
        'GET /api/applicationManager/Task': () => json(feedPage([])),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klusje verwijderen' });
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/tasks'));
    expect(await screen.findByText('Nog geen klusjes')).toBeInTheDocument();
  });

  it('proposes tomorrow 09:00–12:00 for a new chore and offers no past days', async () => {
    renderApp({ path: '/applicationManager/tasks/new', account: manager, handlers: surroundings });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Klusje aanmaken' });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const start = screen.getByRole('button', { name: /^Start/ });
    expect(start).toHaveTextContent(new RegExp(`${tomorrow.getDate()} .*09:00`));
    await user.click(start);
    const picker = await screen.findByRole('dialog');
    const today = new Date();
    const yesterday = new Date();
    yesterday.setDate(today.getDate() - 1);
    // By the whole label ("27 november 2026"): the grey days of the month before carry their own month's
    // name, and with the same day number ("27 oktober 2026") they matched a day-only pattern.
    const label = new Intl.DateTimeFormat('nl-BE', { day: 'numeric', month: 'long', year: 'numeric' });
    const dayButton = (date: Date) => within(picker).getByRole('button', { name: label.format(date) });
    // The month shown is tomorrow's: yesterday and today are in it unless tomorrow is the 1st or 2nd.
    if (yesterday.getMonth() === tomorrow.getMonth()) expect(dayButton(yesterday)).toBeDisabled();
    if (today.getMonth() === tomorrow.getMonth()) expect(dayButton(today)).toBeEnabled();
    expect(dayButton(tomorrow)).toBeEnabled();
  });

  it('a member without the role cannot open the manager screens', async () => {
    renderApp({ path: '/applicationManager/tasks', account: member, handlers: surroundings });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
  });
});
