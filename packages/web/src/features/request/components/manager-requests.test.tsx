import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { apiError, feedPage, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

const requestManager = makeAccount({
  id: 2,
  roles: ['RequestManager'],
  firstName: 'Rita',
  lastName: 'Verzoek',
});

function makeRequest(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 21,
    title: 'Hulp bij het snoeien',
    rewardCents: 750,
    status: 'taken',
    neededBy: null,
    hasEnded: false,
    requester: { id: 3, firstName: 'Lien', lastName: 'Lid' },
    takenBy: { id: 4, firstName: 'Tom', lastName: 'Taker' },
    isMine: false,
    isTakenByMe: false,
    createdAt: '2030-05-01T10:00:00.000Z',
    description: 'Twee uurtjes in de boomgaard.',
    takenAt: '2030-05-02T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const params = (call: StubRequest) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

describe('RequestManager', () => {
  it('lists every request with requester, taker, reward and state, and sends status and search', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/requests',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': () =>
          json(
            feedPage([
              makeRequest(),
              makeRequest({ id: 22, title: 'Eieren ophalen', rewardCents: 0, status: 'open', takenBy: null }),
            ]),
          ),
      },
    });
    const card = (await screen.findByText('Hulp bij het snoeien')).closest(
      '.mantine-Card-root',
    ) as HTMLElement;
    expect(within(card).getByText(/Gevraagd door Lien Lid/)).toBeInTheDocument();
    expect(within(card).getByText('Opgenomen door Tom Taker')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Hulp bij het snoeien' })).toHaveAttribute(
      'href',
      '/requests/21',
    );
    expect(within(card).getByText('Beloning: 7,50 plukgeld')).toBeInTheDocument();
    expect(within(card).getByText('Iemand helpt')).toBeInTheDocument();
    expect(screen.getByText('Geen beloning')).toBeInTheDocument();
    expect(screen.getByText('Nog door niemand opgenomen')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'snoei');
    await waitFor(() =>
      expect(
        params(fetch.calls.filter((call) => call.path === '/api/applicationManager/request').at(-1)!),
      ).toEqual({ page: '0', status: 'completed', search: 'snoei' }),
    );
    expect(params(fetch.calls.find((call) => call.path === '/api/applicationManager/request')!)).toEqual({
      page: '0',
      status: 'all',
    });
  });

  it('reads and keeps the filters in the address', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/requests?status=open&q=eieren',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': () => json(feedPage([makeRequest({ status: 'open' })])),
      },
    });
    expect(await screen.findByText('Hulp bij het snoeien')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(params(fetch.calls.find((call) => call.path === '/api/applicationManager/request')!)).toEqual({
      page: '0',
      status: 'open',
      search: 'eieren',
    });
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => expect(router.state.location.search).toBe('?q=eieren'));
  });

  it('pages with "Meer laden" following the cursor', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/requests',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': ({ url }: StubRequest) =>
          new URL(url, 'http://x').searchParams.get('after') === 'cursor-1'
            ? json(
                feedPage([makeRequest({ id: 23, title: 'Compost keren' })], {
                  page: 1,
                  pageSize: 1,
                  total: 2,
                }),
              )
            : json(feedPage([makeRequest()], { page: 0, pageSize: 1, total: 2 })),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Compost keren')).toBeInTheDocument();
    expect(
      fetch.calls
        .filter((call) => call.path === '/api/applicationManager/request')
        .map((call) => new URL(call.url, 'http://x').searchParams.get('after')),
    ).toEqual([null, 'cursor-1']);
  });

  it('closes a request only after confirming, and the list follows', async () => {
    let closed = false;
    const { fetch } = renderApp({
      path: '/applicationManager/requests',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': () =>
          json(feedPage([makeRequest(closed ? { status: 'closed' } : {})])),
        'POST /api/applicationManager/request/Close/21': () => {
          closed = true;
          return json(makeRequest({ status: 'closed' }));
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '"Hulp bij het snoeien" sluiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verzoek sluiten' });
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, sluiten' }));
    expect(await screen.findByText('Het verzoek is gesloten.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: '"Hulp bij het snoeien" sluiten' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      fetch.calls.filter((call) => call.path === '/api/applicationManager/request/Close/21'),
    ).toHaveLength(1);
  });

  it('deletes after confirming; a refusal is shown in Dutch in the dialog', async () => {
    let attempts = 0;
    const { fetch } = renderApp({
      path: '/applicationManager/requests',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': () => json(feedPage(attempts > 1 ? [] : [makeRequest()])),
        'DELETE /api/applicationManager/request/21': () => {
          attempts += 1;
          return attempts === 1
            ? apiError(404, 'NOT_FOUND', 'Dit verzoek bestaat niet (meer).')
            : new Response(null, { status: 204 });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '"Hulp bij het snoeien" verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verzoek verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await within(dialog).findByText('Dit verzoek bestaat niet (meer).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await screen.findByText('Het verzoek is verwijderd.')).toBeInTheDocument();
    expect(await screen.findByText('Nog geen verzoeken')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('offers no close for a completed request', async () => {
    renderApp({
      path: '/applicationManager/requests',
      account: requestManager,
      handlers: {
        'GET /api/applicationManager/request': () => json(feedPage([makeRequest({ status: 'completed' })])),
      },
    });
    expect(
      await screen.findByRole('button', { name: '"Hulp bij het snoeien" verwijderen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '"Hulp bij het snoeien" sluiten' })).not.toBeInTheDocument();
  });

  it('a member without the role gets no access', async () => {
    renderApp({ path: '/applicationManager/requests', account: makeAccount() });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
  });
});
