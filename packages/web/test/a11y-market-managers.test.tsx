import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import { makeManagerOffer, makeManagerOfferDetail, makeOfferTaker, makeReservation } from './market-fixtures';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from './utils';

/** Axe check of the ProductManager, RequestManager and BankManager screens (decision 065), as in a11y-tasks. */
withoutCanvas();

const manager = makeAccount({
  id: 2,
  roles: ['ProductManager', 'RequestManager', 'BankManager'],
  firstName: 'Mia',
  lastName: 'Manager',
});

const offer = makeManagerOffer({ availableUntil: '2030-06-01T10:00:00.000Z' });
const detail = makeManagerOfferDetail({
  availableUntil: '2030-06-01T10:00:00.000Z',
  pickupInfo: 'In de schuur.',
});
const taker = makeOfferTaker({ subscriptionNames: [] });
const request: RequestDetail = {
  id: 21,
  title: 'Hulp bij het snoeien',
  rewardCents: 750,
  status: 'taken',
  neededBy: '2030-06-01T10:00:00.000Z',
  hasEnded: false,
  requester: { id: 3, firstName: 'Lien', lastName: 'Lid' },
  takenBy: { id: 4, firstName: 'Tom', lastName: 'Taker' },
  isMine: false,
  isTakenByMe: false,
  createdAt: '2030-05-01T10:00:00.000Z',
  description: 'Twee uurtjes.',
  takenAt: '2030-05-02T10:00:00.000Z',
  completedAt: null,
};

const handlers: Record<string, StubHandler> = {
  'GET /api/applicationManager/product': () => json(feedPage([offer], { pageSize: 1, total: 2 })),
  'GET /api/applicationManager/product/12': () => json(detail),
  'GET /api/applicationManager/product/takers/12': () => json([taker]),
  'GET /api/comment/offer/12': () => json(feedPage([])),
  'GET /api/applicationManager/request': () => json(feedPage([request])),
  'GET /api/applicationManager/internalbank': () =>
    json({ issuedCents: 1000, membersTotalCents: 1000, donationCount: 1, transactionableMemberCount: 1 }),
  'GET /api/applicationManager/internalbank/history': () =>
    json(
      feedPage([
        {
          id: 90,
          createdAt: '2030-05-01T10:00:00.000Z',
          amountCents: 1000,
          description: 'Welkom',
          recipient: { id: 3, firstName: 'Lien', lastName: 'Lid' },
          issuedBy: 'Mia Manager',
        },
      ]),
    ),
  'GET /api/applicationManager/internalbank/wallets': () =>
    json(
      feedPage([
        {
          userId: 3,
          firstName: 'Lien',
          lastName: 'Lid',
          username: 'lien',
          balanceCents: 1000,
          isTransactionable: true,
        },
      ]),
    ),
  'GET /api/notification': () => json([]),
  // Every reservation of the farm (ADR 096).
  'GET /api/applicationManager/product/reservations': () =>
    json(
      feedPage([
        {
          ...makeReservation(),
          offer: {
            id: 12,
            title: 'Verse eieren',
            unit: 'doos',
            owner: { id: 9, firstName: 'Olga', lastName: 'Oogst' },
          },
        },
      ]),
    ),
};

const screens = [
  {
    name: 'manager home with the three tiles',
    path: '/applicationManager',
    ready: () => screen.findByRole('link', { name: /^Interne bank/ }),
  },
  {
    name: 'product manager list',
    path: '/applicationManager/product',
    ready: () => screen.findByRole('link', { name: /^Verse eieren/ }),
  },
  {
    name: 'product manager detail',
    path: '/applicationManager/product/Detail/12',
    ready: () => screen.findByRole('button', { name: 'Betaald bevestigen voor Lien Lid' }),
  },
  {
    name: 'product manager reservations (cards on a phone)',
    path: '/applicationManager/product/reservations',
    ready: () => screen.findByRole('checkbox', { name: 'Lien Lid — Verse eieren kiezen' }),
  },
  {
    name: 'request manager',
    path: '/applicationManager/requests',
    ready: () => screen.findByText('Hulp bij het snoeien'),
  },
  {
    name: 'internal bank',
    path: '/applicationManager/internalbank',
    ready: () => screen.findByText('Welkom'),
  },
];

describe('accessibility (axe) of the market, request and bank manager screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready }) => {
    renderApp({ path, account: manager, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the donate form has no violations with its errors shown', async () => {
    renderApp({ path: '/applicationManager/internalbank', account: manager, handlers });
    await screen.findByRole('checkbox', { name: 'Lien Lid' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Schenken' }));
    expect(await screen.findByText('Vul een reden in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
