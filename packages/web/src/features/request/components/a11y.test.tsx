import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfferSummary, RequestDetail, Wallet, WalletEntry } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { jos, lien, makeRequest } from '../../../../test/request-fixtures';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

/**
 * Axe check of the request and wallet screens and the home with its offers and requests blocks, as in
 * test/a11y-tasks.test.tsx (colour contrast is checked elsewhere).
 */
withoutCanvas();

const member = makeAccount();
const request = makeRequest({
  description: 'Voor de kersenboom.',
  neededBy: '2030-06-08T21:59:00.000Z',
});
const mineTaken: RequestDetail = {
  ...request,
  id: 32,
  requester: lien,
  isMine: true,
  status: 'taken',
  takenBy: jos,
};
const offer: OfferSummary = {
  id: 21,
  title: 'Verse eieren',
  priceCents: 250,
  isFree: false,
  quantity: 10,
  quantityLeft: 4,
  unit: 'doosjes',
  availableUntil: null,
  isClosed: false,
  isSoldOut: false,
  hasEnded: false,
  owner: { id: 9, firstName: 'Mie', lastName: 'Kip' },
  photoIds: [],
  isMine: false,
  createdAt: '2030-05-02T08:00:00.000Z',
};
const wallet: Wallet = {
  balanceCents: 1250,
  reservedCents: 300,
  availableCents: 950,
  isTransactionable: false,
  mayToggleTransactionable: true,
};
const entry: WalletEntry = {
  id: 1,
  createdAt: '2030-05-04T10:00:00.000Z',
  amountCents: -500,
  direction: 'out',
  kind: 'purchase',
  description: '2 × Verse eieren',
  counterpart: { kind: 'member', name: 'Mie Kip' },
  offerId: 21,
  requestId: null,
};

const handlers: Record<string, StubHandler> = {
  'GET /api/request': () => json(feedPage([request, mineTaken], { pageSize: 2, total: 5 })),
  'GET /api/request/31': () => json(request),
  'GET /api/request/32': () => json(mineTaken),
  'GET /api/request/33': () => json({ ...mineTaken, id: 33, status: 'open', takenBy: null }),
  'GET /api/user/requests': () => json({ asked: [mineTaken], taken: [] }),
  'GET /api/product': () => json(feedPage([offer])),
  'GET /api/User/Wallet/false': () =>
    json({
      balanceCents: 1250,
      reservedCents: 300,
      availableCents: 950,
      isTransactionable: true,
      mayToggleTransactionable: false,
    }),
  'GET /api/User/Wallet': () => json({ ...wallet, entries: feedPage([entry], { pageSize: 1, total: 4 }) }),
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
};

const screens = [
  { name: 'home', path: '/', ready: () => screen.findByRole('link', { name: /^Verse eieren/ }) },
  {
    name: 'requests list',
    path: '/requests',
    ready: () => screen.findByRole('button', { name: 'Meer laden' }),
  },
  {
    name: 'request detail',
    path: '/requests/31',
    ready: () => screen.findByRole('button', { name: 'Ik help' }),
  },
  {
    name: 'my taken request',
    path: '/requests/32',
    ready: () => screen.findByRole('button', { name: 'Bevestigen' }),
  },
  {
    name: 'new request',
    path: '/requests/new',
    ready: () => screen.findByRole('button', { name: 'Verzoek plaatsen' }),
  },
  {
    name: 'edit request',
    path: '/requests/33/edit',
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'my requests',
    path: '/account/requests',
    ready: () => screen.findByRole('tab', { name: 'Gevraagd (1)' }),
  },
  {
    name: 'wallet',
    path: '/wallet',
    ready: () => screen.findByRole('switch', { name: 'Handelen met plukgeld' }),
  },
];

describe('accessibility (axe) of the request and wallet screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready }) => {
    renderApp({ path, account: member, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the confirm dialog and the request form with its errors have no violations', async () => {
    const view = renderApp({ path: '/requests/32', account: member, handlers });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bevestigen' }));
    within(await screen.findByRole('dialog', { name: 'Hulp bevestigen' })).getByText(/gaat naar Jos/);
    expect(await axeViolations()).toEqual([]);
    view.unmount();
    renderApp({ path: '/requests/new', account: member, handlers });
    await user.type(await screen.findByRole('textbox', { name: 'Beloning' }), 'veel');
    await user.click(screen.getByRole('button', { name: 'Verzoek plaatsen' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
