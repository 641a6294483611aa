import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyRequests } from '@pluk/contract';
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
import { jos, lien, makeRequest } from '../../../../test/request-fixtures';

const member = makeAccount();
/** What the requester (Lien) sees once Jos took her request. */
const mineTaken = () =>
  makeRequest({
    requester: lien,
    isMine: true,
    status: 'taken',
    takenBy: jos,
    takenAt: '2030-05-03T09:00:00.000Z',
  });

const surroundings: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
  'GET /api/User/Wallet/false': () =>
    json({
      balanceCents: 1250,
      reservedCents: 300,
      availableCents: 950,
      isTransactionable: true,
      mayToggleTransactionable: false,
    }),
  'GET /api/User/Wallet': () =>
    json({
      balanceCents: 0,
      reservedCents: 0,
      availableCents: 0,
      isTransactionable: true,
      mayToggleTransactionable: false,
      entries: feedPage([]),
    }),
};

const listUrl = (call: StubRequest) => new URL(call.url, 'http://x').searchParams;

beforeEach(() => resetNotifications());

describe('member requests', () => {
  it('lists requests with reward, requester, state and needed-by; searches; pages with "Meer laden"', async () => {
    const { fetch } = renderApp({
      path: '/requests',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request': ({ url }) => {
          const query = new URL(url, 'http://x').searchParams;
          if (query.get('search') === 'fiets')
            return json(feedPage([makeRequest({ id: 40, title: 'Fiets herstellen' })]));
          if (query.get('after') === 'cursor-1')
            return json(
              feedPage([makeRequest({ id: 33, title: 'Kippen voederen' })], {
                page: 1,
                pageSize: 2,
                total: 3,
              }),
            );
          return json(
            feedPage(
              [
                makeRequest({ neededBy: new Date(2030, 5, 8, 23, 59).toISOString() }),
                makeRequest({
                  id: 32,
                  title: 'Hulp bij verhuis',
                  rewardCents: 0,
                  status: 'taken',
                  takenBy: lien,
                }),
              ],
              { pageSize: 2, total: 3 },
            ),
          );
        },
      },
    });
    const ladder = await screen.findByRole('link', { name: /^Wie leent me een ladder/ });
    expect(ladder).toHaveAttribute('href', '/requests/31');
    expect(within(ladder).getByText('5,00 plukgeld beloning')).toBeInTheDocument();
    expect(within(ladder).getByText('Gevraagd door Jos')).toBeInTheDocument();
    expect(within(ladder).getByText('Nodig tegen 8 jun 2030')).toBeInTheDocument();
    expect(within(ladder).getByText('Open')).toBeInTheDocument();
    const move = screen.getByRole('link', { name: /^Hulp bij verhuis/ });
    expect(within(move).getByText('Geen beloning')).toBeInTheDocument();
    expect(within(move).getByText('Iemand helpt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw verzoek' })).toHaveAttribute('href', '/requests/new');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Kippen voederen')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Zoek een verzoek' }), 'fiets');
    expect(await screen.findByText('Fiets herstellen')).toBeInTheDocument();
    const calls = fetch.calls.filter((call) => call.path === '/api/request');
    expect(calls.map((call) => Object.fromEntries(listUrl(call)))).toEqual([
      { page: '0' },
      { page: '1', after: 'cursor-1' },
      { search: 'fiets', page: '0' },
    ]);
  });

  it('shows an empty state and an error state with retry', async () => {
    const first = renderApp({ path: '/requests', account: member, handlers: surroundings });
    expect(await screen.findByText('Geen open verzoeken')).toBeInTheDocument();
    first.unmount();
    await expectErrorWithRetry({
      path: '/requests',
      account: member,
      handlers: surroundings,
      failing: 'GET /api/request',
    });
  });

  it('someone else’s open request: "Ik help" takes it; no edit, delete, confirm or refuse', async () => {
    let detail = makeRequest();
    const { fetch } = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(detail),
        'POST /api/request/take': () => {
          detail = makeRequest({ status: 'taken', takenBy: lien, isTakenByMe: true });
          return json(detail);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Wie leent me een ladder?' })).toBeInTheDocument();
    expect(screen.getByText(/Voor de kersenboom/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle verzoeken' })).toHaveAttribute('href', '/requests');
    for (const name of ['Bewerken', 'Verwijderen', 'Bevestigen', 'Weigeren'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ik help' }));
    expect(await screen.findByText('Jij helpt Jos. Jos bevestigt je hulp nog.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ik help' })).not.toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path === '/api/request/take')?.body).toEqual({ requestId: 31 });
  });

  it('a refused take says why in Dutch, with the way to the wallet when it is about plukgeld', async () => {
    renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(makeRequest()),
        'POST /api/request/take': () =>
          apiError(
            409,
            'NOT_TRANSACTIONABLE',
            'Je handelt niet met plukgeld. Zet het aan in je portefeuille of vraag het aan de beheerders.',
          ),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ik help' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Je handelt niet met plukgeld.');
    expect(within(alert).getByRole('link', { name: 'Naar mijn portefeuille' })).toHaveAttribute(
      'href',
      '/wallet',
    );
  });

  it('an ended request cannot be taken and says why', async () => {
    renderApp({
      path: '/requests/31',
      account: member,
      handlers: { ...surroundings, 'GET /api/request/31': () => json(makeRequest({ hasEnded: true })) },
    });
    const button = await screen.findByRole('button', { name: 'Ik help' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'De datum van dit verzoek is voorbij: je kan het niet meer opnemen.',
    );
  });

  it('my open request: edit and delete (after confirming), no "Ik help"', async () => {
    const { fetch, router } = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(makeRequest({ requester: lien, isMine: true })),
        'DELETE /api/request/delete/31': () => new Response(null, { status: 204 }),
      },
    });
    expect(await screen.findByText('Gevraagd door jou')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ik help' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute('href', '/requests/31/edit');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verzoek verwijderen' });
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'));
    expect(fetch.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('the requester confirms the help: the dialog names the reward and the helper, the call carries an idempotency key, a retry the same key', async () => {
    let attempts = 0;
    let detail = mineTaken();
    const { fetch } = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(detail),
        'POST /api/request/confirm': () => {
          attempts += 1;
          if (attempts === 1)
            return apiError(503, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.');
          detail = { ...mineTaken(), status: 'completed', completedAt: '2030-05-04T09:00:00.000Z' };
          return json(detail);
        },
      },
    });
    expect(await screen.findByText(/Jos helpt je/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verwijderen' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hulp bevestigen' });
    expect(
      within(dialog).getByText('5,00 plukgeld gaat naar Jos. Dit kan je niet ongedaan maken.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bevestigen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Er ging iets mis');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bevestigen' }));
    expect(await screen.findByText('Afgerond: 5,00 plukgeld ging naar Jos.')).toBeInTheDocument();
    const bodies = fetch.calls
      .filter((call) => call.path === '/api/request/confirm')
      .map((call) => call.body as { requestId: number; idempotencyKey: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.requestId).toBe(31);
    expect(bodies[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey);
  });

  it('a new confirmation gets a new key; INSUFFICIENT_FUNDS shows in Dutch with the wallet link', async () => {
    const { fetch } = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(mineTaken()),
        'POST /api/request/confirm': () =>
          apiError(409, 'INSUFFICIENT_FUNDS', 'Je hebt niet genoeg plukgeld beschikbaar.'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bevestigen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Hulp bevestigen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bevestigen' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Je hebt niet genoeg plukgeld beschikbaar.');
    expect(within(alert).getByRole('link', { name: 'Naar mijn portefeuille' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    dialog = await screen.findByRole('dialog', { name: 'Hulp bevestigen' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bevestigen' }));
    await within(dialog).findByRole('alert');
    const keys = fetch.calls
      .filter((call) => call.path === '/api/request/confirm')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('the requester refuses the helper after confirming: the request is open again', async () => {
    let detail = mineTaken();
    const { fetch } = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(detail),
        'POST /api/request/refuse': () => {
          detail = makeRequest({ requester: lien, isMine: true });
          return json(detail);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Weigeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hulp weigeren' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, weigeren' }));
    expect(await screen.findByRole('link', { name: 'Bewerken' })).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path === '/api/request/refuse')?.body).toEqual({ requestId: 31 });
  });

  it('the helper of a taken request waits for the requester; another member only sees who helps', async () => {
    const first = renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(makeRequest({ status: 'taken', takenBy: lien, isTakenByMe: true })),
      },
    });
    expect(await screen.findByText('Jij helpt Jos. Jos bevestigt je hulp nog.')).toBeInTheDocument();
    for (const name of ['Ik help', 'Bevestigen', 'Weigeren', 'Verwijderen'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    first.unmount();
    renderApp({
      path: '/requests/31',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () =>
          json(makeRequest({ status: 'taken', takenBy: { id: 12, firstName: 'An', lastName: 'Hulp' } })),
      },
    });
    expect(await screen.findByText('An helpt al.')).toBeInTheDocument();
    for (const name of ['Ik help', 'Bevestigen', 'Weigeren', 'Verwijderen'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('a request that does not exist gets the not-found page', async () => {
    renderApp({
      path: '/requests/99',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/99': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});

describe('request form', () => {
  it('creates a request with the reward in cents and the needed-by day, then shows it', async () => {
    const { fetch, router } = renderApp({
      path: '/requests/new',
      account: member,
      handlers: {
        ...surroundings,
        'POST /api/request/create': ({ body }) =>
          json(makeRequest({ ...(body as object), id: 55, requester: lien, isMine: true })),
        'GET /api/request/55': () =>
          json(makeRequest({ id: 55, title: 'Oppas voor de kat', requester: lien, isMine: true })),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Wat vraag je/ }), 'Oppas voor de kat');
    await user.type(screen.getByRole('textbox', { name: 'Uitleg' }), 'Een weekend in juli.');
    await user.type(screen.getByRole('textbox', { name: 'Beloning' }), '2,5');
    await user.click(screen.getByRole('button', { name: 'Verzoek plaatsen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests/55'));
    expect(fetch.calls.find((call) => call.path === '/api/request/create')?.body).toEqual({
      title: 'Oppas voor de kat',
      description: 'Een weekend in juli.',
      rewardCents: 250,
      neededBy: null,
    });
  });

  it('tells what I can still promise, and why a reward is not possible when I do not trade', async () => {
    const first = renderApp({ path: '/requests/new', account: member, handlers: surroundings });
    const reward = await screen.findByRole('textbox', { name: 'Beloning' });
    await waitFor(() =>
      expect(reward).toHaveAccessibleDescription(
        'In plukgeld, bv. 2,50; je hebt 9,50 plukgeld beschikbaar. Laat leeg voor geen beloning.',
      ),
    );
    first.unmount();
    renderApp({
      path: '/requests/new',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet/false': () =>
          json({
            balanceCents: 0,
            reservedCents: 0,
            availableCents: 0,
            isTransactionable: false,
            mayToggleTransactionable: true,
          }),
      },
    });
    expect(
      await screen.findByText(/Je handelt niet met plukgeld: een beloning geven kan pas/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar mijn portefeuille' })).toHaveAttribute('href', '/wallet');
  });

  it('refuses a reward that is not an amount, in Dutch, without calling the server', async () => {
    const { fetch } = renderApp({ path: '/requests/new', account: member, handlers: surroundings });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Wat vraag je/ }), 'Ladder');
    const reward = screen.getByRole('textbox', { name: 'Beloning' });
    await user.type(reward, '2,555');
    await user.click(screen.getByRole('button', { name: 'Verzoek plaatsen' }));
    expect(
      await screen.findByText('Geef een bedrag zoals 2,50 (hoogstens 2 cijfers na de komma).'),
    ).toBeInTheDocument();
    expect(reward).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls.some((call) => call.path === '/api/request/create')).toBe(false);
  });

  it('edits my open request: the form starts from it and sends its id', async () => {
    const mine = makeRequest({ requester: lien, isMine: true, rewardCents: 1250 });
    const { fetch } = renderApp({
      path: '/requests/31/edit',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/request/31': () => json(mine),
        'POST /api/request/update': ({ body }) => json({ ...mine, ...(body as object) }),
      },
    });
    const reward = await screen.findByRole('textbox', { name: 'Beloning' });
    expect(reward).toHaveValue('12,50');
    const user = userEvent.setup();
    await user.clear(reward);
    await user.type(reward, '3');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(fetch.calls.find((call) => call.path === '/api/request/update')?.body).toEqual({
        id: 31,
        title: 'Wie leent me een ladder?',
        description: 'Voor de kersenboom.\nZaterdag graag.',
        rewardCents: 300,
        neededBy: null,
      }),
    );
  });

  it('does not offer the form for a request that is not mine or no longer open', async () => {
    const first = renderApp({
      path: '/requests/31/edit',
      account: member,
      handlers: { ...surroundings, 'GET /api/request/31': () => json(makeRequest()) },
    });
    expect(await screen.findByText('Alleen wie het verzoek plaatste, kan het bewerken.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    first.unmount();
    renderApp({
      path: '/requests/31/edit',
      account: member,
      handlers: { ...surroundings, 'GET /api/request/31': () => json(mineTaken()) },
    });
    expect(await screen.findByText(/je kan het niet meer bewerken/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });
});

describe('my requests', () => {
  it('shows what I asked and what I took, in two tabs', async () => {
    const mine: MyRequests = {
      asked: [makeRequest({ id: 50, title: 'Oppas voor de kat', requester: lien, isMine: true })],
      taken: [makeRequest({ status: 'taken', takenBy: lien, isTakenByMe: true })],
    };
    renderApp({
      path: '/account/requests',
      account: member,
      handlers: { ...surroundings, 'GET /api/user/requests': () => json(mine) },
    });
    expect(await screen.findByRole('link', { name: /^Oppas voor de kat/ })).toHaveAttribute(
      'href',
      '/requests/50',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Geholpen (1)' }));
    expect(await screen.findByRole('link', { name: /^Wie leent me een ladder/ })).toHaveAttribute(
      'href',
      '/requests/31',
    );
  });
});
