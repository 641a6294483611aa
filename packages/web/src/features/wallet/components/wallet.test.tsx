import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Wallet, WalletEntry } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  resetNotifications,
  type StubHandler,
  expectErrorWithRetry,
} from '../../../../test/utils';

const member = makeAccount();

const trading: Wallet = {
  balanceCents: 1250,
  reservedCents: 300,
  availableCents: 950,
  isTransactionable: true,
  mayToggleTransactionable: true,
};

function makeEntry(overrides: Partial<WalletEntry> = {}): WalletEntry {
  return {
    id: 1,
    createdAt: '2030-05-04T10:00:00.000Z',
    amountCents: 500,
    direction: 'in',
    kind: 'reward',
    description: 'Wie leent me een ladder?',
    counterpart: { kind: 'member', name: 'Jos Boer' },
    offerId: null,
    requestId: 31,
    ...overrides,
  };
}

const entries = [
  makeEntry(),
  makeEntry({
    id: 2,
    amountCents: -500,
    direction: 'out',
    kind: 'purchase',
    description: '2 × Verse eieren',
    counterpart: { kind: 'member', name: 'Mie Kip' },
    offerId: 21,
    requestId: null,
  }),
  makeEntry({
    id: 3,
    amountCents: 2000,
    kind: 'donation',
    description: 'Welkom op de boerderij',
    counterpart: { kind: 'bank', name: 'Interne bank' },
    requestId: null,
  }),
];

const surroundings: Record<string, StubHandler> = {
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
};

beforeEach(() => resetNotifications());

describe('wallet', () => {
  it('shows the balance, reserved and available money and my movements with kind, sign, counterpart and link', async () => {
    const { fetch } = renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () => json({ ...trading, entries: feedPage(entries) }),
      },
    });
    expect(await screen.findByText('12,50 plukgeld')).toBeInTheDocument();
    expect(screen.getByText('3,00 plukgeld')).toBeInTheDocument();
    expect(screen.getByText('9,50 plukgeld')).toBeInTheDocument();
    expect(screen.getByText(/^Je handelt met plukgeld/)).toBeInTheDocument();

    const movements = within(screen.getByRole('region', { name: 'Mijn bewegingen' })).getAllByRole(
      'listitem',
    );
    expect(movements).toHaveLength(3);
    const [reward, purchase, donation] = movements as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(reward).getByText('Beloning')).toBeInTheDocument();
    expect(within(reward).getByText('+ 5,00 plukgeld')).toBeInTheDocument();
    expect(within(reward).getByText(/^Van Jos Boer · 4 mei 2030/)).toBeInTheDocument();
    expect(within(reward).getByRole('link', { name: 'Naar het verzoek' })).toHaveAttribute(
      'href',
      '/requests/31',
    );
    expect(within(purchase).getByText('Aankoop')).toBeInTheDocument();
    expect(within(purchase).getByText('− 5,00 plukgeld')).toBeInTheDocument();
    expect(within(purchase).getByText(/^Aan Mie Kip/)).toBeInTheDocument();
    expect(within(purchase).getByRole('link', { name: 'Naar de aanbieding' })).toHaveAttribute(
      'href',
      '/market/offer/21',
    );
    expect(within(donation).getByText('Schenking')).toBeInTheDocument();
    expect(within(donation).getByText(/^Van de interne bank/)).toBeInTheDocument();
    expect(within(donation).queryByRole('link')).not.toBeInTheDocument();
    // One call for what the screen shows first: the wallet with its newest movements.
    expect(fetch.calls.filter((call) => call.path.startsWith('/api/User/Wallet')).map((c) => c.path)).toEqual(
      ['/api/User/Wallet'],
    );
  });

  it('a sale is "Verkoop"; no movements yet gives an empty state', async () => {
    const first = renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () =>
          json({
            ...trading,
            entries: feedPage([
              makeEntry({ kind: 'purchase', description: 'Verse eieren', offerId: 21, requestId: null }),
            ]),
          }),
      },
    });
    expect(await screen.findByText('Verkoop')).toBeInTheDocument();
    first.unmount();
    renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () => json({ ...trading, entries: feedPage([]) }),
      },
    });
    expect(await screen.findByText('Nog geen bewegingen')).toBeInTheDocument();
  });

  it('pages the movements with "Meer laden" over User/Wallet/entries, following the cursor', async () => {
    const { fetch } = renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () =>
          json({ ...trading, entries: feedPage(entries.slice(0, 2), { pageSize: 2, total: 3 }) }),
        'GET /api/User/Wallet/entries': () =>
          json(feedPage(entries.slice(2), { page: 1, pageSize: 2, total: 3 })),
      },
    });
    expect(await screen.findByText('2 van 3 getoond')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Welkom op de boerderij')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    const more = fetch.calls.filter((call) => call.path === '/api/User/Wallet/entries');
    expect(more).toHaveLength(1);
    expect(Object.fromEntries(new URL(more[0]!.url, 'http://x').searchParams)).toEqual({
      page: '1',
      after: 'cursor-1',
    });
  });

  it('a member who does not trade sees why and switches it on where the farm allows it', async () => {
    let wallet: Wallet = {
      ...trading,
      balanceCents: 0,
      reservedCents: 0,
      availableCents: 0,
      isTransactionable: false,
    };
    const { fetch } = renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () => json({ ...wallet, entries: feedPage([]) }),
        'POST /api/User/ToggleTransactionable': () => {
          wallet = { ...wallet, isTransactionable: true };
          return json(wallet);
        },
        'GET /api/User': () => json(member),
      },
    });
    expect(await screen.findByText('Je handelt niet met plukgeld')).toBeInTheDocument();
    expect(
      screen.getByText(/Gratis aanbiedingen en verzoeken zonder beloning kan je wel gebruiken/),
    ).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Handelen met plukgeld' });
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Handelen met plukgeld' })).toBeChecked());
    expect(screen.queryByText('Je handelt niet met plukgeld')).not.toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path === '/api/User/ToggleTransactionable')).toHaveLength(1);
  });

  it('switching off with open reservations is refused with the Dutch reason; the switch stays on', async () => {
    renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () => json({ ...trading, entries: feedPage([]) }),
        'POST /api/User/ToggleTransactionable': () =>
          apiError(
            409,
            'TRANSACTIONABLE_HAS_OPEN',
            'Je hebt nog open reservaties of verzoeken met een beloning; rond die eerst af.',
          ),
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Handelen met plukgeld' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Je hebt nog open reservaties of verzoeken met een beloning; rond die eerst af.',
    );
    expect(screen.getByRole('switch', { name: 'Handelen met plukgeld' })).toBeChecked();
  });

  it('where the farm does not let members switch, there is no switch and the text says whom to ask', async () => {
    renderApp({
      path: '/wallet',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/User/Wallet': () =>
          json({
            ...trading,
            isTransactionable: false,
            mayToggleTransactionable: false,
            entries: feedPage([]),
          }),
      },
    });
    expect(await screen.findByText(/Vraag het hen als je wil meedoen/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the wallet cannot be loaded', async () => {
    await expectErrorWithRetry({
      path: '/wallet',
      account: member,
      handlers: surroundings,
      failing: 'GET /api/User/Wallet',
    });
  });
});

describe('account menu', () => {
  it('links to my wallet, my orders and my requests', async () => {
    renderApp({ path: '/account', account: member, handlers: surroundings });
    expect(await screen.findByRole('link', { name: 'Mijn portefeuille' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('link', { name: 'Mijn bestellingen' })).toHaveAttribute(
      'href',
      '/account/market',
    );
    expect(screen.getByRole('link', { name: 'Mijn verzoeken' })).toHaveAttribute('href', '/account/requests');
  });
});
