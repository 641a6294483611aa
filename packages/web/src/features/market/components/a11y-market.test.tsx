import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyOrders, OfferDetail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { makeOfferDetail, makeOfferSummary, makeReservation } from '../../../../test/market-fixtures';
import { feedPage, json, makeAccount, renderApp, type StubHandler } from '../../../../test/utils';

/** Axe check of every market screen, as in test/a11y-tasks.test.tsx (colour contrast is checked elsewhere). */
withoutCanvas();

const member = makeAccount({ isTransactionable: true });
const owner = makeAccount({ id: 7, firstName: 'Omer', lastName: 'Eigenaar' });
const productManager = makeAccount({
  id: 2,
  roles: ['ProductManager'],
  firstName: 'Paula',
  lastName: 'Product',
});

const summary = makeOfferSummary({ availableUntil: '2030-06-30T21:59:59.000Z', photoIds: [11, 12] });
const reservation = makeReservation();
const detail = makeOfferDetail({ ...summary, myReservations: [reservation] });
const ownDetail: OfferDetail = { ...detail, isMine: true, myReservations: [], reservations: [reservation] };
const orders: MyOrders = {
  mine: [{ reservation, offer: summary }],
  fromOthers: [{ reservation: { ...reservation, id: 50 }, offer: { ...summary, isMine: true } }],
};

const png = () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
const memberHandlers: Record<string, StubHandler> = {
  'GET /api/product': () =>
    json(feedPage([summary, { ...summary, id: 6, title: 'Sla', priceCents: 0, isFree: true, photoIds: [] }])),
  'GET /api/product/5': () => json(detail),
  'GET /api/Media/11': png,
  'GET /api/Media/12': png,
  'GET /api/comment/offer/5': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
  'GET /api/user/productreservations': () => json(orders),
  'GET /api/user/products': () => json([{ ...summary, isMine: true }]),
  'GET /api/applicationManager/product/5': () => json(ownDetail),
};
const ownerHandlers = { ...memberHandlers, 'GET /api/product/5': () => json(ownDetail) };

const screens = [
  {
    name: 'market list',
    path: '/market',
    account: member,
    handlers: memberHandlers,
    ready: () => screen.findByRole('link', { name: /Courgettes/ }),
  },
  {
    name: 'offer detail (member)',
    path: '/market/offer/5',
    account: member,
    handlers: memberHandlers,
    ready: () => screen.findByRole('button', { name: /Kopen voor/ }),
  },
  {
    name: 'offer detail (owner)',
    path: '/market/offer/5',
    account: owner,
    handlers: ownerHandlers,
    ready: () => screen.findByRole('heading', { name: 'Reservaties' }),
  },
  {
    name: 'confirm paid',
    path: '/market/offer/5/confirm-paid/41',
    account: owner,
    handlers: ownerHandlers,
    ready: () => screen.findByRole('button', { name: 'Bevestig betaald' }),
  },
  {
    name: 'new offer',
    path: '/market/new',
    account: member,
    handlers: memberHandlers,
    ready: () => screen.findByRole('button', { name: 'Aanbod plaatsen' }),
  },
  {
    name: 'edit offer',
    path: '/market/offer/5/edit',
    account: owner,
    handlers: ownerHandlers,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
  {
    name: 'my orders',
    path: '/account/market',
    account: member,
    handlers: memberHandlers,
    ready: () => screen.findByRole('link', { name: 'Courgettes' }),
  },
  {
    name: 'manager new offer',
    path: '/applicationManager/product/edit',
    account: productManager,
    handlers: memberHandlers,
    ready: () => screen.findByRole('button', { name: 'Aanbod plaatsen' }),
  },
  {
    name: 'manager edit offer',
    path: '/applicationManager/product/Edit/5',
    account: productManager,
    handlers: memberHandlers,
    ready: () => screen.findByRole('button', { name: 'Opslaan' }),
  },
];

describe('accessibility (axe) of the market screens', () => {
  it.each(screens)('$name has no violations', async ({ path, account, handlers, ready }) => {
    renderApp({ path, account, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('the offer form has no violations with its errors shown', async () => {
    renderApp({ path: '/market/new', account: member, handlers: memberHandlers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aanbod plaatsen' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
