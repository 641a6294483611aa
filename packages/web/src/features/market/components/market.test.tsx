import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyOrders, ReserveResult } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubHandler,
  expectErrorWithRetry,
} from '../../../../test/utils';
import { makeOfferDetail, makeOfferSummary, makeReservation } from '../../../../test/market-fixtures';

const member = makeAccount({ isTransactionable: true });
const owner = makeAccount({ id: 7, firstName: 'Omer', lastName: 'Eigenaar', isTransactionable: true });
const productManager = makeAccount({
  id: 2,
  roles: ['ProductManager'],
  firstName: 'Paula',
  lastName: 'Product',
});

/** The calls around an offer's page that are not the offer itself (photos, comments, header badge). */
const surroundings: Record<string, StubHandler> = {
  'GET /api/Media/11': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
  'GET /api/Media/12': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
  'GET /api/comment/offer/5': () => json({ items: [], total: 0, page: 0, pageSize: 20 }),
  'GET /api/notification/unreadCount': () => json({ count: 0 }),
};

describe('the market list', () => {
  it('shows offers as cards and sends the search and the free/paid filter to the server', async () => {
    const { fetch, router } = renderApp({
      path: '/market',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product': (request) => {
          const query = new URL(request.url, 'http://x').searchParams;
          if (query.get('price') === 'free') {
            return json(
              feedPage([
                makeOfferSummary({
                  id: 6,
                  title: 'Sla',
                  priceCents: 0,
                  isFree: true,
                  unit: 'stuks',
                  photoIds: [],
                }),
              ]),
            );
          }
          return json(feedPage([makeOfferSummary()]));
        },
      },
    });
    const card = await screen.findByRole('link', { name: /Courgettes/ });
    expect(card).toHaveAttribute('href', '/market/offer/5');
    expect(within(card).getByText('2,50 plukgeld')).toBeInTheDocument();
    expect(within(card).getByText('Nog 8 kg over')).toBeInTheDocument();
    expect(within(card).getByText('Van Omer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nieuw aanbod' })).toHaveAttribute('href', '/market/new');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken in het aanbod' }), 'courg');
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.path === '/api/product' && c.url.includes('search=courg'))).toBe(true),
    );
    // Debounced: no call for every letter typed.
    expect(fetch.calls.filter((c) => c.path === '/api/product' && c.url.includes('search=c&')).length).toBe(
      0,
    );

    await user.click(screen.getByText('Gratis'));
    const free = await screen.findByRole('link', { name: /Sla/ });
    expect(within(free).getByText('Gratis')).toBeInTheDocument();
    expect(within(free).getByText('Nog 8 stuks over')).toBeInTheDocument();
    const last = fetch.calls.filter((c) => c.path === '/api/product').at(-1)!;
    expect(new URL(last.url, 'http://x').searchParams.get('price')).toBe('free');
    expect(new URL(last.url, 'http://x').searchParams.get('search')).toBe('courg');
    // Kept in the address, so coming back from an offer shows the same list.
    await waitFor(() => {
      const address = new URLSearchParams(router.state.location.search);
      expect([address.get('zoek'), address.get('prijs')]).toEqual(['courg', 'free']);
    });
  });

  it('opens with the search and filter of the address', async () => {
    const { fetch } = renderApp({
      path: '/market?zoek=sla&prijs=paid',
      account: member,
      handlers: { ...surroundings, 'GET /api/product': () => json(feedPage([makeOfferSummary()])) },
    });
    expect(await screen.findByRole('searchbox', { name: 'Zoeken in het aanbod' })).toHaveValue('sla');
    expect(screen.getByRole('radio', { name: 'Te koop' })).toBeChecked();
    await screen.findByRole('link', { name: /Courgettes/ });
    const query = new URL(fetch.calls.find((c) => c.path === '/api/product')!.url, 'http://x').searchParams;
    expect(query.get('search')).toBe('sla');
    expect(query.get('price')).toBe('paid');
  });

  it('shows an empty state, a no-results state and an error state with retry', async () => {
    const first = renderApp({
      path: '/market',
      account: member,
      handlers: { ...surroundings, 'GET /api/product': () => json(feedPage([])) },
    });
    expect(await screen.findByText('Geen aanbod op dit moment')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Te koop'));
    expect(await screen.findByText('Niets gevonden')).toBeInTheDocument();
    first.unmount();
    await expectErrorWithRetry({
      path: '/market',
      account: member,
      handlers: surroundings,
      failing: 'GET /api/product',
    });
  });
});

describe('an offer for a member', () => {
  it('buys a quantity with an idempotency key and shows the confirmation with a link to my orders', async () => {
    let detail = makeOfferDetail();
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'POST /api/product/buy': () => {
          const reservation = makeReservation();
          detail = makeOfferDetail({ quantityLeft: 6, myReservations: [reservation] });
          const result: ReserveResult = { reservation, offer: detail };
          return json(result);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Courgettes' })).toBeInTheDocument();
    expect(screen.getByText('Vers van het veld.')).toBeInTheDocument();
    expect(screen.getByText('Aan de schuur, na 17 uur.')).toBeInTheDocument();
    expect(screen.getByText('Omer Eigenaar')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Courgettes foto 1' })).toBeInTheDocument();

    const user = userEvent.setup();
    const quantity = screen.getByRole('textbox', { name: 'Hoeveel?' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Kopen voor 5,00 plukgeld' }));
    const panel = await screen.findByText(
      'Gereserveerd: 2 kg voor 5,00 plukgeld. Spreek af met Omer om af te halen.',
    );
    expect(panel).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mijn bestellingen' })).toHaveAttribute(
      'href',
      '/account/market',
    );
    const body = fetch.calls.find((c) => c.path === '/api/product/buy')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ offerId: 5, quantity: 2 });
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // My reservation, with its state and a way to cancel it.
    expect(screen.getByRole('heading', { name: 'Mijn reservaties' })).toBeInTheDocument();
    expect(screen.getByText('Gereserveerd', { selector: '[data-color]' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
    // The quantity is emptied: a second tap does not buy again unasked.
    expect(screen.getByRole('textbox', { name: 'Hoeveel?' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Kopen' })).toBeDisabled();
    expect(fetch.calls.filter((c) => c.path === '/api/product/buy')).toHaveLength(1);
  });

  it('shows what is left at once while the buy is answered (useOptimistic), and puts it back on a refusal', async () => {
    const answers: Array<(response: Response) => void> = [];
    let detail = makeOfferDetail();
    renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'POST /api/product/buy': () => new Promise<Response>((resolve) => answers.push(resolve)),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Nog 8 kg over')).toBeInTheDocument();
    const quantity = screen.getByRole('textbox', { name: 'Hoeveel?' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Kopen voor 7,50 plukgeld' }));
    // Before the answer: 3 kg fewer, the field emptied.
    expect(await screen.findByText('Nog 5 kg over')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Hoeveel?' })).toHaveValue('');
    expect(answers).toHaveLength(1);
    answers[0]!(apiError(409, 'INSUFFICIENT_FUNDS', 'Je hebt niet genoeg plukgeld beschikbaar.'));
    // Refused: the server's Dutch reason, what is left and the quantity as they were.
    expect(await screen.findByRole('alert')).toHaveTextContent('Je hebt niet genoeg plukgeld beschikbaar.');
    // The error can show a render before React ends the action and drops the guess.
    expect(await screen.findByText('Nog 8 kg over')).toBeInTheDocument();
    expect(screen.queryByText('Nog 5 kg over')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Hoeveel?' })).toHaveValue('3'));

    // Bought: the server's answer replaces the guess, the confirmation comes.
    await user.click(screen.getByRole('button', { name: 'Kopen voor 7,50 plukgeld' }));
    expect(await screen.findByText('Nog 5 kg over')).toBeInTheDocument();
    const reservation = makeReservation({ quantity: 3, totalCents: 750 });
    detail = makeOfferDetail({ quantityLeft: 5, myReservations: [reservation] });
    answers[1]!(json({ reservation, offer: detail } satisfies ReserveResult));
    expect(await screen.findByText(/Gereserveerd: 3 kg voor 7,50 plukgeld/)).toBeInTheDocument();
    expect(screen.getByText('Nog 5 kg over')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Hoeveel?' })).toHaveValue('');
  });

  it('takes a free offer through product/take', async () => {
    const free = makeOfferDetail({ priceCents: 0, isFree: true });
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(free),
        'POST /api/product/take': () =>
          json({
            reservation: makeReservation({ quantity: 1, unitPriceCents: 0, totalCents: 0 }),
            offer: free,
          }),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reserveren' }));
    expect(
      await screen.findByText('Gereserveerd: 1 kg, gratis. Spreek af met Omer om af te halen.'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/product/take')?.body).toMatchObject({
      offerId: 5,
      quantity: 1,
    });
  });

  it('shows the server’s Dutch refusal, links to the wallet, and uses a new key for the next try', async () => {
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(makeOfferDetail()),
        'POST /api/product/buy': () =>
          apiError(409, 'INSUFFICIENT_FUNDS', 'Je hebt niet genoeg plukgeld beschikbaar.'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kopen voor 2,50 plukgeld' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Je hebt niet genoeg plukgeld beschikbaar.');
    expect(screen.getByRole('link', { name: 'Naar mijn portefeuille' })).toHaveAttribute('href', '/wallet');
    await user.click(screen.getByRole('button', { name: 'Kopen voor 2,50 plukgeld' }));
    await waitFor(() => expect(fetch.calls.filter((c) => c.path === '/api/product/buy')).toHaveLength(2));
    const [first, second] = fetch.calls
      .filter((c) => c.path === '/api/product/buy')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('sends the same key again when the first try got no answer', async () => {
    let calls = 0;
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(makeOfferDetail()),
        'POST /api/product/buy': () => {
          calls += 1;
          if (calls === 1) throw new TypeError('Failed to fetch');
          return json({
            reservation: makeReservation({ quantity: 1, totalCents: 250 }),
            offer: makeOfferDetail(),
          });
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kopen voor 2,50 plukgeld' }));
    expect(
      await screen.findByText(
        'Geen verbinding met de server. Controleer je internetverbinding en probeer opnieuw.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kopen voor 2,50 plukgeld' }));
    expect(await screen.findByText(/Gereserveerd: 1 kg voor 2,50 plukgeld/)).toBeInTheDocument();
    const keys = fetch.calls
      .filter((c) => c.path === '/api/product/buy')
      .map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('tells a member who does not trade with virtual money why, with a link to the wallet', async () => {
    renderApp({
      path: '/market/offer/5',
      account: makeAccount({ isTransactionable: false }),
      handlers: { ...surroundings, 'GET /api/product/5': () => json(makeOfferDetail()) },
    });
    expect(
      await screen.findByText(/Je handelt \(nog\) niet met plukgeld: kopen kan pas wanneer dat aan staat\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar mijn portefeuille' })).toHaveAttribute('href', '/wallet');
  });

  it('cancels my reservation after a dialog', async () => {
    let detail = makeOfferDetail({ myReservations: [makeReservation()] });
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'POST /api/product/cancel': () => {
          detail = makeOfferDetail({ myReservations: [makeReservation({ status: 'cancelled' })] });
          return json(detail);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Annuleren' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, annuleren' }),
    );
    expect(await screen.findByText('Geannuleerd', { selector: '[data-color]' })).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/api/product/cancel')?.body).toEqual({ reservationId: 41 });
    expect(screen.queryByRole('button', { name: 'Annuleren' })).not.toBeInTheDocument();
  });

  it('cannot reserve a sold-out offer and says why', async () => {
    renderApp({
      path: '/market/offer/5',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(makeOfferDetail({ isSoldOut: true, quantityLeft: 0 })),
      },
    });
    const button = await screen.findByRole('button', { name: 'Kopen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Dit aanbod is uitverkocht.');
  });

  it('answers an offer of another farm (404) with the not-found page, without comments', async () => {
    renderApp({
      path: '/market/offer/99',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/product/99': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Jouw reactie')).not.toBeInTheDocument();
  });
});

describe('an offer for its owner', () => {
  const mine = () =>
    makeOfferDetail({
      isMine: true,
      reservations: [
        makeReservation(),
        makeReservation({ id: 42, status: 'paid', taker: { id: 4, firstName: 'Jef', lastName: 'Koper' } }),
      ],
    });

  it('shows every reservation, links to confirm-paid, refuses after a dialog, and cannot buy', async () => {
    let detail = mine();
    const { fetch } = renderApp({
      path: '/market/offer/5',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'POST /api/product/refuse': () => {
          detail = makeOfferDetail({ isMine: true, reservations: [makeReservation({ status: 'refused' })] });
          return json(detail);
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Reservaties' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Kopen voor/ })).not.toBeInTheDocument();
    expect(screen.getByText('Lien Lid')).toBeInTheDocument();
    expect(screen.getByText('Jef Koper')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Betaald bevestigen: Lien Lid' })).toHaveAttribute(
      'href',
      '/market/offer/5/confirm-paid/41',
    );
    // A paid reservation has nothing left to do.
    expect(screen.queryByRole('link', { name: 'Betaald bevestigen: Jef Koper' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Weigeren: Lien Lid' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, weigeren' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/api/product/refuse')).toBe(true));
    expect(fetch.calls.find((c) => c.path === '/api/product/refuse')?.body).toEqual({ reservationId: 41 });
    expect(await screen.findByText('Geweigerd', { selector: '[data-color]' })).toBeInTheDocument();
  });

  it('shows OFFER_HAS_PAYMENTS in Dutch when deleting, and closes after a dialog', async () => {
    let detail = mine();
    renderApp({
      path: '/market/offer/5',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'DELETE /api/product/5': () =>
          apiError(
            409,
            'OFFER_HAS_PAYMENTS',
            'Van dit aanbod werd al iets betaald; sluit het in plaats van het te verwijderen.',
          ),
        'POST /api/product/close': () => {
          detail = { ...mine(), isClosed: true };
          return json(detail);
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Bewerken' })).toHaveAttribute(
      'href',
      '/market/offer/5/edit',
    );
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijderen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Van dit aanbod werd al iets betaald; sluit het in plaats van het te verwijderen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Nee, behouden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, sluiten' }));
    expect(await screen.findByText('Dit aanbod is gesloten.')).toBeInTheDocument();
  });
});

describe('confirm paid', () => {
  it('shows buyer, quantity, total and what happens; confirming goes back to the offer', async () => {
    let detail = makeOfferDetail({ isMine: true, reservations: [makeReservation()] });
    const { fetch, router } = renderApp({
      path: '/market/offer/5/confirm-paid/41',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(detail),
        'POST /api/product/confirm': () => {
          detail = makeOfferDetail({ isMine: true, reservations: [makeReservation({ status: 'paid' })] });
          return json(detail);
        },
      },
    });
    expect(await screen.findByText('5,00 plukgeld gaat van Lien Lid naar jou.')).toBeInTheDocument();
    expect(screen.getByText('Lien Lid')).toBeInTheDocument();
    expect(screen.getByText('2 kg')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bevestig betaald' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/offer/5'));
    expect(fetch.calls.find((c) => c.path === '/api/product/confirm')?.body).toEqual({ reservationId: 41 });
    expect(
      await screen.findByText('Betaling bevestigd: 5,00 plukgeld staat op je portefeuille.'),
    ).toBeInTheDocument();
  });

  it('says so when the reservation was handled already, or does not exist', async () => {
    const first = renderApp({
      path: '/market/offer/5/confirm-paid/41',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () =>
          json(makeOfferDetail({ isMine: true, reservations: [makeReservation({ status: 'cancelled' })] })),
      },
    });
    expect(await screen.findByText('Deze reservatie is al verwerkt: Geannuleerd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bevestig betaald' })).not.toBeInTheDocument();
    first.unmount();
    renderApp({
      path: '/market/offer/5/confirm-paid/77',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () =>
          json(makeOfferDetail({ isMine: true, reservations: [makeReservation()] })),
      },
    });
    expect(await screen.findByText('Deze reservatie bestaat niet (meer).')).toBeInTheDocument();
  });
});

describe('the offer form', () => {
  it('checks the fields in Dutch, then sends multipart fields and photos and opens the offer', async () => {
    const { fetch, router, container } = renderApp({
      path: '/market/new',
      account: member,
      handlers: {
        ...surroundings,
        'POST /api/product/create': () => json(makeOfferDetail({ isMine: true })),
        'GET /api/product/5': () => json(makeOfferDetail({ isMine: true })),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aanbod plaatsen' }));
    expect(await screen.findByText('Vul een titel in.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Titel/ }), 'Courgettes');
    await user.click(screen.getByRole('switch', { name: /Gratis/ }));
    const price = screen.getByRole('textbox', { name: /Prijs per eenheid/ });
    await user.type(price, '2,555');
    await user.click(screen.getByRole('button', { name: 'Aanbod plaatsen' }));
    expect(
      await screen.findByText('Vul een bedrag in met hoogstens 2 cijfers na de komma, bv. 2,50.'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '2,5');
    const quantity = screen.getByRole('textbox', { name: /Hoeveelheid/ });
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.type(screen.getByRole('textbox', { name: /Eenheid/ }), 'kg');
    await user.type(screen.getByRole('textbox', { name: /Afhaalinformatie/ }), 'Aan de schuur');
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['png'], 'courgette.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'courgette.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aanbod plaatsen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/market/offer/5'));
    const body = fetch.calls.find((c) => c.path === '/api/product/create')?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('Courgettes');
    expect(body.get('priceCents')).toBe('250');
    expect(body.get('quantity')).toBe('10');
    expect(body.get('unit')).toBe('kg');
    expect(body.get('pickupInfo')).toBe('Aan de schuur');
    expect(body.has('availableUntil')).toBe(false);
    expect((body.getAll('photos')[0] as File).name).toBe('courgette.png');
  });

  it('edits my offer: a free offer sends 0 and a removed photo is left out of keepPhotoIds', async () => {
    const offer = makeOfferDetail({ isMine: true, photoIds: [11, 12] });
    const { fetch } = renderApp({
      path: '/market/offer/5/edit',
      account: owner,
      handlers: {
        ...surroundings,
        'GET /api/product/5': () => json(offer),
        'POST /api/product/update': () => json(offer),
      },
    });
    const user = userEvent.setup();
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    expect(title).toHaveValue('Courgettes');
    expect(screen.getByRole('textbox', { name: /Prijs per eenheid/ })).toHaveValue('2,50');
    await user.click(screen.getByRole('switch', { name: /Gratis/ }));
    await user.click(screen.getByRole('button', { name: 'Foto 1 verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.path === '/api/product/update')).toBe(true));
    const body = fetch.calls.find((c) => c.path === '/api/product/update')?.body as FormData;
    expect(body.get('id')).toBe('5');
    expect(body.get('priceCents')).toBe('0');
    expect(body.getAll('keepPhotoIds')).toEqual(['12']);
  });

  it('lets a ProductManager create through the manager route', async () => {
    const { fetch, router } = renderApp({
      path: '/applicationManager/product/edit',
      account: productManager,
      handlers: {
        ...surroundings,
        'POST /api/applicationManager/product/Create': () => json(makeOfferDetail({ id: 9 })),
        'GET /api/applicationManager/product/9': () => json(makeOfferDetail({ id: 9 })),
        'GET /api/applicationManager/product/takers/9': () => json([]),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Titel/ }), 'Bloemkolen');
    await user.click(screen.getByRole('button', { name: 'Aanbod plaatsen' }));
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.path === '/api/applicationManager/product/Create')).toBe(true),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/product/Detail/9'));
    const body = fetch.calls.find((c) => c.path === '/api/applicationManager/product/Create')
      ?.body as FormData;
    expect(body.get('title')).toBe('Bloemkolen');
    expect(body.get('priceCents')).toBe('0');
  });
});

describe('my orders', () => {
  it('shows what I reserved with its state, and what others reserved from me with the way to confirm', async () => {
    const orders: MyOrders = {
      mine: [{ reservation: makeReservation({ status: 'paid' }), offer: makeOfferSummary() }],
      fromOthers: [
        {
          reservation: makeReservation({
            id: 50,
            offerId: 8,
            taker: { id: 9, firstName: 'Jef', lastName: 'Koper' },
          }),
          offer: makeOfferSummary({ id: 8, title: 'Eieren', unit: 'stuks', isMine: true }),
        },
      ],
    };
    renderApp({
      path: '/account/market',
      account: member,
      handlers: {
        ...surroundings,
        'GET /api/user/productreservations': () => json(orders),
        'GET /api/user/products': () => json([]),
      },
    });
    expect(await screen.findByRole('link', { name: 'Courgettes' })).toHaveAttribute(
      'href',
      '/market/offer/5',
    );
    expect(screen.getByText('Betaald')).toBeInTheDocument();
    expect(screen.getByText('2 kg · 5,00 plukgeld')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Bij mij gereserveerd' }));
    expect(
      await screen.findByRole('link', { name: 'Betaald bevestigen: Eieren, Jef Koper' }),
    ).toHaveAttribute('href', '/market/offer/8/confirm-paid/50');
    await user.click(screen.getByRole('tab', { name: 'Mijn aanbod' }));
    expect(await screen.findByText('Je biedt nog niets aan')).toBeInTheDocument();
  });
});
