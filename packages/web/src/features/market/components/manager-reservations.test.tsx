import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManagerReservation } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { makeManagerOfferDetail, makeReservation } from '../../../../test/market-fixtures';
import {
  apiError,
  feedPage,
  json,
  makeAccount,
  renderApp,
  type StubRequest,
  laptopScreen,
} from '../../../../test/utils';

withoutCanvas();

const productManager = makeAccount({
  id: 2,
  roles: ['ProductManager'],
  firstName: 'Paula',
  lastName: 'Product',
});
const owner = { id: 9, firstName: 'Olga', lastName: 'Oogst' };
const reservation = (overrides: Partial<ManagerReservation>): ManagerReservation => ({
  ...makeReservation(),
  offer: { id: 5, title: 'Verse eieren', unit: 'doos', owner },
  ...overrides,
});
const lien = reservation({ id: 41, totalCents: 500, createdAt: '2030-06-02T10:00:00.000Z' });
const tom = reservation({
  id: 42,
  taker: { id: 4, firstName: 'Tom', lastName: 'Teuns' },
  totalCents: 1200,
  quantity: 1,
  offer: { id: 6, title: 'Honing', unit: 'pot', owner },
});
const paid = reservation({
  id: 43,
  taker: { id: 5, firstName: 'An', lastName: 'Aerts' },
  status: 'paid',
  handledAt: '2030-06-03T10:00:00.000Z',
});

const searchOf = (call: StubRequest) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const listCalls = (calls: StubRequest[]) =>
  calls.filter((call) => call.path === '/api/applicationManager/product/reservations').map(searchOf);

describe('the ProductManager’s reservations (ADR 096)', () => {
  it('asks the open ones first, confirms the chosen as paid one by one, and says what happened to each', async () => {
    laptopScreen();
    const user = userEvent.setup();
    const confirmed: unknown[] = [];
    const { fetch } = renderApp({
      path: '/applicationManager/product/reservations',
      account: productManager,
      handlers: {
        'GET /api/applicationManager/product/reservations': (request) =>
          json(feedPage(searchOf(request).status === 'paid' ? [paid] : [tom, lien, paid], { pageSize: 25 })),
        'POST /api/applicationManager/product/confirm': (request) => {
          confirmed.push(request.body);
          return (request.body as { reservationId: number }).reservationId === 42
            ? apiError(409, 'NOT_ENOUGH_MONEY', 'De koper heeft niet genoeg plukgeld.')
            : json(makeManagerOfferDetail({ id: 5 }));
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Reservaties' });
    expect(listCalls(fetch.calls)[0]).toMatchObject({ status: 'reserved', pageSize: '25', page: '0' });
    await user.click(within(table).getByRole('checkbox', { name: 'Alle reservaties op deze pagina kiezen' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Acties voor de gekozen reservaties' });
    expect(within(toolbar).getByText('3 gekozen')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(toolbar).getByRole('button', { name: '2 als betaald bevestigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gekozen reservaties als betaald bevestigen' });
    expect(within(dialog).getByText(/2 open reservaties, samen 17,00 plukgeld/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '2 bevestigen' }));
    const results = await screen.findByRole('list', { name: 'Resultaat per reservatie' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    expect(confirmed).toEqual([{ reservationId: 42 }, { reservationId: 41 }]);
    expect(results).toHaveTextContent('Tom Teuns — Honing: De koper heeft niet genoeg plukgeld.');
    expect(results).toHaveTextContent(
      'Lien Lid — Verse eieren: betaald bevestigd, 5,00 plukgeld naar Olga Oogst',
    );
    expect(screen.getByText('Klaar: 1 gelukt, 1 niet gelukt.')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Betaald');
    await waitFor(() => expect(listCalls(fetch.calls).at(-1)).toMatchObject({ status: 'paid' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rijen per pagina' }), '100');
    await waitFor(() =>
      expect(listCalls(fetch.calls).at(-1)).toMatchObject({ status: 'paid', pageSize: '100' }),
    );
  });

  it('is cards on a phone, and exports the chosen as CSV', async () => {
    const user = userEvent.setup();
    let saved: Blob | null = null;
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved = blob;
        return 'blob:csv';
      },
      revokeObjectURL: () => {},
    });
    try {
      renderApp({
        path: '/applicationManager/product/reservations',
        account: productManager,
        handlers: {
          'GET /api/applicationManager/product/reservations': () => json(feedPage([lien, tom])),
        },
      });
      const list = await screen.findByRole('list', { name: 'Reservaties' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      await user.click(within(list).getByRole('checkbox', { name: 'Lien Lid — Verse eieren kiezen' }));
      await user.click(screen.getByRole('button', { name: 'Selectie exporteren (CSV)' }));
      const text = await (saved as unknown as Blob).text();
      expect(text).toContain('"Koper";"Aanbod";"Aanbieder"');
      expect(text).toContain(
        '"Lien Lid";"Verse eieren";"Olga Oogst";"2";"doos";"5,00";"Gereserveerd";"2030-06-02";""',
      );
      expect(text).not.toContain('Tom');
      expect(await axeViolations()).toEqual([]);
    } finally {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    }
  });

  it('shows one offer’s reservations from its page (every status), and all offers again', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/product/reservations?aanbod=5&status=alle',
      account: productManager,
      handlers: {
        'GET /api/applicationManager/product/reservations': () => json(feedPage([lien, paid])),
      },
    });
    await screen.findByRole('list', { name: 'Reservaties' });
    expect(listCalls(fetch.calls)[0]).toMatchObject({ offerId: '5', status: 'all' });
    expect(screen.getByText('Alleen de reservaties van één aanbod')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toon alle aanbiedingen' }));
    await waitFor(() => expect(listCalls(fetch.calls).at(-1)).not.toHaveProperty('offerId'));
    expect(listCalls(fetch.calls).at(-1)).toMatchObject({ status: 'all' });
  });
});
