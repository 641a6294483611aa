import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OfferDetail, OfferTaker } from '@pluk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubHandler,
  type StubRequest,
} from '../../../../test/utils';
import {
  makeManagerOffer,
  makeManagerOfferDetail,
  makeOfferTaker,
  makeReservation,
} from '../../../../test/market-fixtures';

const productManager = makeAccount({
  id: 2,
  roles: ['ProductManager'],
  firstName: 'Paula',
  lastName: 'Product',
});
const member = makeAccount();

const surroundings: Record<string, StubHandler> = {
  'GET /api/comment/offer/12': () => json(feedPage([])),
  'GET /api/notification': () => json([]),
};

const searchParams = (call: StubRequest) => new URL(call.url, 'http://x').searchParams;

afterEach(() => vi.restoreAllMocks());

describe('ProductManager list', () => {
  it('shows every offer with owner, price, what is left and the counts, and sends the filters', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/product',
      account: productManager,
      handlers: {
        ...surroundings,
        'GET /api/applicationManager/product': ({ url }: StubRequest) => {
          const params = new URL(url, 'http://x').searchParams;
          if (params.get('status') === 'closed') {
            return json(feedPage([makeManagerOffer({ id: 13, title: 'Oude pompoenen', isClosed: true })]));
          }
          return json(
            feedPage([
              makeManagerOffer(),
              makeManagerOffer({ id: 14, title: 'Rabarber', priceCents: 0, isFree: true }),
            ]),
          );
        },
      },
    });
    const card = (await screen.findByText('Verse eieren')).closest('a')!;
    expect(card).toHaveAttribute('href', '/applicationManager/product/Detail/12');
    expect(within(card).getByText('Van Olga Eigenaar')).toBeInTheDocument();
    expect(within(card).getByText('2,50 plukgeld / doos')).toBeInTheDocument();
    expect(within(card).getByText('6 van 10 over')).toBeInTheDocument();
    expect(within(card).getByText('3 gereserveerd · 1 betaald')).toBeInTheDocument();
    expect(within(card).getByText('Actief')).toBeInTheDocument();
    expect(screen.getByText('gratis / doos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw aanbod' })).toHaveAttribute(
      'href',
      '/applicationManager/product/edit',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('Oude pompoenen')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Prijs' }), 'free');
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'pomp');
    await waitFor(() => {
      const last = fetch.calls.filter((call) => call.path === '/api/applicationManager/product').at(-1)!;
      expect(Object.fromEntries(searchParams(last))).toEqual({
        page: '0',
        status: 'closed',
        price: 'free',
        search: 'pomp',
      });
    });
    const first = fetch.calls.find((call) => call.path === '/api/applicationManager/product')!;
    expect(Object.fromEntries(searchParams(first))).toEqual({ page: '0', status: 'all', price: 'all' });
  });

  it('keeps the filters in the address, so they survive a visit to an offer', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/product?status=closed&q=pomp',
      account: productManager,
      handlers: { 'GET /api/applicationManager/product': () => json(feedPage([makeManagerOffer()])) },
    });
    expect(await screen.findByText('Verse eieren')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('closed');
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('pomp');
    const first = fetch.calls.find((call) => call.path === '/api/applicationManager/product')!;
    expect(Object.fromEntries(searchParams(first))).toEqual({
      page: '0',
      status: 'closed',
      price: 'all',
      search: 'pomp',
    });
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Prijs' }), 'paid');
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed&q=pomp&price=paid'));
  });

  it('pages with "Meer laden" following the cursor, keeping the filters', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/product',
      account: productManager,
      handlers: {
        'GET /api/applicationManager/product': ({ url }: StubRequest) =>
          new URL(url, 'http://x').searchParams.get('after') === 'cursor-1'
            ? json(
                feedPage([makeManagerOffer({ id: 15, title: 'Prei' })], { page: 1, pageSize: 1, total: 2 }),
              )
            : json(feedPage([makeManagerOffer()], { page: 0, pageSize: 1, total: 2 })),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByText('Prei')).toBeInTheDocument();
    const calls = fetch.calls.filter((call) => call.path === '/api/applicationManager/product');
    expect(calls.map((call) => searchParams(call).get('after'))).toEqual([null, 'cursor-1']);
    expect(searchParams(calls[1]!).get('status')).toBe('all');
  });

  it('says when a filter finds nothing', async () => {
    renderApp({
      path: '/applicationManager/product',
      account: productManager,
      handlers: {
        'GET /api/applicationManager/product': ({ url }: StubRequest) =>
          json(
            feedPage(
              new URL(url, 'http://x').searchParams.get('price') === 'paid' ? [] : [makeManagerOffer()],
            ),
          ),
      },
    });
    await screen.findByText('Verse eieren');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Prijs' }), 'paid');
    expect(await screen.findByText('Geen aanbod gevonden')).toBeInTheDocument();
  });

  it('a member without the role gets no access', async () => {
    renderApp({ path: '/applicationManager/product', account: member });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
  });
});

describe('ProductManager offer detail', () => {
  function detailHandlers(state: { detail: OfferDetail; takers: OfferTaker[] }): Record<string, StubHandler> {
    return {
      ...surroundings,
      'GET /api/applicationManager/product/12': () => json(state.detail),
      'GET /api/applicationManager/product/takers/12': () => json(state.takers),
    };
  }

  it('shows the takers with contact and subscriptions; confirm paid asks first, then calls managerConfirm', async () => {
    const state = { detail: makeManagerOfferDetail(), takers: [makeOfferTaker()] };
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers(state),
        'POST /api/applicationManager/product/confirm': () => {
          state.takers = [makeOfferTaker({ status: 'paid', handledAt: '2030-05-03T10:00:00.000Z' })];
          return json(state.detail);
        },
      },
    });
    expect(await screen.findByText('Lien Lid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'lid@example.be' })).toHaveAttribute(
      'href',
      'mailto:lid@example.be',
    );
    expect(screen.getByRole('link', { name: '0470 12 34 56' })).toHaveAttribute('href', 'tel:0470123456');
    expect(screen.getByText('Abonnementen: Groentepakket groot')).toBeInTheDocument();
    expect(screen.getByText('2 doos · 5,00 plukgeld')).toBeInTheDocument();
    expect(screen.getByText('In de schuur, vrijdag na 17 uur.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bewerken' })).toHaveAttribute(
      'href',
      '/applicationManager/product/Edit/12',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Betaald bevestigen voor Lien Lid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaling bevestigen' });
    expect(
      within(dialog).getByText(/5,00 plukgeld gaat van Lien Lid naar Olga Eigenaar/),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/product/confirm')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bevestigen' }));
    expect(await screen.findByText('De reservatie van Lien Lid is bevestigd.')).toBeInTheDocument();
    const confirms = fetch.calls.filter((call) => call.path === '/api/applicationManager/product/confirm');
    expect(confirms.map((call) => call.body)).toEqual([{ reservationId: 41 }]);
    // The takers are asked again: the reservation is paid now and has no buttons left.
    expect(await screen.findByText('Betaald')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Betaald bevestigen voor Lien Lid' }),
    ).not.toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/product/refuse')).toBe(false);
  });

  it('buys through the buy dialog, as a member does: product/buy with one key', async () => {
    const state = { detail: makeManagerOfferDetail(), takers: [makeOfferTaker()] };
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: { ...productManager, isTransactionable: true },
      handlers: {
        ...detailHandlers(state),
        'POST /api/product/buy': ({ body }: StubRequest) => {
          const { quantity } = body as { quantity: number };
          return json({
            reservation: makeReservation({ quantity, totalCents: quantity * 250, status: 'reserved' }),
            offer: state.detail,
          });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kopen' }));
    const dialog = await screen.findByRole('dialog', { name: `${state.detail.title} kopen` });
    const amount = within(dialog).getByRole('textbox', { name: 'Hoeveel?' });
    await user.clear(amount);
    await user.type(amount, '2');
    await user.click(within(dialog).getByRole('button', { name: /Kopen voor/ }));
    expect(await within(dialog).findByText('Gereserveerd')).toBeInTheDocument();
    const buys = fetch.calls.filter((call) => call.path === '/api/product/buy');
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toMatchObject({ offerId: 12, quantity: 2, idempotencyKey: expect.any(String) });
  });

  it('refuse calls managerRefuse with the reservation; a failure stays in the dialog in Dutch', async () => {
    const state = { detail: makeManagerOfferDetail(), takers: [makeOfferTaker()] };
    let attempts = 0;
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers(state),
        'POST /api/applicationManager/product/refuse': () => {
          attempts += 1;
          if (attempts === 1) {
            return apiError(409, 'RESERVATION_ALREADY_HANDLED', 'Deze reservatie werd al behandeld.');
          }
          state.takers = [makeOfferTaker({ status: 'refused' })];
          return json(state.detail);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reservatie van Lien Lid weigeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reservatie weigeren' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, weigeren' }));
    expect(await within(dialog).findByText('Deze reservatie werd al behandeld.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, weigeren' }));
    expect(await screen.findByText('De reservatie van Lien Lid is geweigerd.')).toBeInTheDocument();
    expect(
      fetch.calls
        .filter((call) => call.path === '/api/applicationManager/product/refuse')
        .map((call) => call.body),
    ).toEqual([{ reservationId: 41 }, { reservationId: 41 }]);
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/product/confirm')).toBe(false);
  });

  it("shows the offer's photos, loaded through the API client", async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers({ detail: makeManagerOfferDetail({ photoIds: [5, 6] }), takers: [] }),
        'GET /api/Media/5': () =>
          new Response(new Uint8Array([1]), { headers: { 'Content-Type': 'image/png' } }),
        'GET /api/Media/6': () =>
          new Response(new Uint8Array([2]), { headers: { 'Content-Type': 'image/png' } }),
      },
    });
    expect(await screen.findByRole('img', { name: 'Foto 1 van Verse eieren' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Foto 2 van Verse eieren' })).toBeInTheDocument();
    expect(
      fetch.calls
        .filter((call) => call.path.startsWith('/api/Media/'))
        .map((call) => call.path)
        .sort(),
    ).toEqual(['/api/Media/5', '/api/Media/6']);
  });

  it('a free reservation is confirmed as picked up, not as paid', async () => {
    renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: detailHandlers({
        detail: makeManagerOfferDetail({ priceCents: 0, isFree: true }),
        takers: [makeOfferTaker({ unitPriceCents: 0, totalCents: 0 })],
      }),
    });
    expect(
      await screen.findByRole('button', { name: 'Afgehaald bevestigen voor Lien Lid' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Betaald bevestigen voor Lien Lid' }),
    ).not.toBeInTheDocument();
  });

  it('delete shows OFFER_HAS_PAYMENTS in Dutch; close asks first and calls managerClose', async () => {
    const state = { detail: makeManagerOfferDetail(), takers: [] as OfferTaker[] };
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers(state),
        'DELETE /api/applicationManager/product/12': () =>
          apiError(
            409,
            'OFFER_HAS_PAYMENTS',
            'Van dit aanbod werd al iets betaald; sluit het in plaats van het te verwijderen.',
          ),
        'POST /api/applicationManager/product/Close/12': () => {
          state.detail = makeManagerOfferDetail({ isClosed: true });
          return json(state.detail);
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Nog niemand heeft iets gereserveerd.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const deleteDialog = await screen.findByRole('dialog', { name: 'Aanbod verwijderen' });
    await user.click(within(deleteDialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(
      await within(deleteDialog).findByText(
        'Van dit aanbod werd al iets betaald; sluit het in plaats van het te verwijderen.',
      ),
    ).toBeInTheDocument();
    await user.click(within(deleteDialog).getByRole('button', { name: 'Annuleren' }));

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    const closeDialog = await screen.findByRole('dialog', { name: 'Aanbod sluiten' });
    await user.click(within(closeDialog).getByRole('button', { name: 'Ja, sluiten' }));
    expect(await screen.findByText('Het aanbod is gesloten.')).toBeInTheDocument();
    expect(await screen.findByText('Gesloten')).toBeInTheDocument();
    expect(
      fetch.calls.filter((call) => call.path === '/api/applicationManager/product/Close/12'),
    ).toHaveLength(1);
  });

  it('deletes after confirming and returns to the list', async () => {
    const { router } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers({ detail: makeManagerOfferDetail(), takers: [] }),
        'DELETE /api/applicationManager/product/12': () => new Response(null, { status: 204 }),
        'GET /api/applicationManager/product': () => json(feedPage([])),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Aanbod verwijderen' })).getByRole('button', {
        name: 'Ja, verwijderen',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/product'));
    expect(await screen.findByText('Nog geen aanbod')).toBeInTheDocument();
  });

  it('exports the takers as .xlsx through the API client and saves the blob', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    let release: () => void = () => {};
    const { fetch } = renderApp({
      path: '/applicationManager/product/Detail/12',
      account: productManager,
      handlers: {
        ...detailHandlers({ detail: makeManagerOfferDetail(), takers: [makeOfferTaker()] }),
        'GET /api/applicationManager/product/export/12': () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
                  status: 200,
                  headers: {
                    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  },
                }),
              );
          }),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Exporteren (.xlsx)' }));
    expect(await screen.findByText('Het rekenblad wordt klaargemaakt…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('afnemers-12-verse-eieren.xlsx');
    expect(clicked[0]!.href).toBe('blob:export');
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.size).toBe(4);
    const exportCall = fetch.calls.find((call) => call.path === '/api/applicationManager/product/export/12')!;
    expect(exportCall.headers.get('Authorization')).toBe('Bearer token-1');
    await waitFor(() =>
      expect(screen.queryByText('Het rekenblad wordt klaargemaakt…')).not.toBeInTheDocument(),
    );
  });
});
