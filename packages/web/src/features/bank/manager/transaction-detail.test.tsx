import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { apiError, json, renderApp, type StubHandler, type StubRequest } from '../../../../test/utils';
import {
  bankHandlers,
  bankManager,
  makeDetail,
  makeEvent,
  makeTransaction,
  pagedBodies,
} from '../../../../test/bank-admin-fixtures';

withoutCanvas();

const detailPath = '/applicationManager/bank/Transactions/detail/15';
const detailCalls = (calls: StubRequest[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/applicationManager/bank/15').length;

function detailHandlers(overrides: Record<string, StubHandler> = {}) {
  return bankHandlers({ 'GET /api/applicationManager/bank/15': () => json(makeDetail()), ...overrides });
}

const paidDetail = makeDetail({
  status: 'paid',
  paidAt: '2030-03-05T09:30:00.000Z',
  paidVia: 'online',
  paymentProviderId: 'tr_WDqYK6vllg',
  events: [
    makeEvent(),
    makeEvent({
      id: 2,
      at: '2030-03-05T09:30:00.000Z',
      kind: 'paid',
      fromStatus: 'open',
      toStatus: 'paid',
      paidVia: 'online',
      actorName: null,
      detail: 'tr_WDqYK6vllg',
    }),
  ],
});

describe('a transaction', () => {
  it('shows every field, the payment link and the audit trail', async () => {
    const user = userEvent.setup();
    renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({ 'GET /api/applicationManager/bank/15': () => json(paidDetail) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactie' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Groenten 2030' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Gegevens' });
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(fact('Betaler')).toBe('Lien Lid');
    expect(within(facts).getByRole('link', { name: 'Lien Lid' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/user/3?naam=Lien%20Lid',
    );
    expect(fact('E-mailadres')).toBe('lid@example.be');
    expect(fact('Bedrag')).toBe('€\u00a0302,50');
    expect(fact('Abonnement')).toBe('Groenten');
    expect(fact('Vervaldatum')).toBe('30 apr 2030');
    expect(fact('Gestructureerde mededeling')).toBe('+++000/0000/01540+++');
    expect(fact('Betaald op')).toBe('5 mrt 2030, 10:30');
    expect(fact('Betaald via')).toBe('Online');
    expect(fact('Betaling bij Mollie')).toBe('tr_WDqYK6vllg');

    const history = screen.getByRole('region', { name: 'Geschiedenis' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Aangemaakt')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Door: Bert Bank')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Status: van Open naar Betaald')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Door: Pluk (automatisch)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Betaald via: Online')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5 mrt 2030, 10:30')).toBeInTheDocument();

    // Paid online: it can only be refunded through Mollie, and the delete the server decides on.
    expect(
      screen.getByText(
        'Deze transactie is online betaald. Moet het lid het geld terugkrijgen? Betaal het dan terug via Mollie.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terugbetalen via Mollie' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betaald zetten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Betaalmail maken' })).not.toBeInTheDocument();

    const link = screen.getByRole('textbox', { name: 'Betaallink voor het lid' });
    expect(link).toHaveValue(`${window.location.origin}/account/membership/AbCdEfGhIjKlMnOpQrStUvWxYz012345`);
    await user.click(screen.getByRole('button', { name: 'Link kopiëren' }));
    expect(await screen.findByText('Link gekopieerd.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/account/membership/AbCdEfGhIjKlMnOpQrStUvWxYz012345`,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('marks it paid: how, when and a note, then asks the bank again', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    const { fetch } = renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'POST /api/applicationManager/bank/markPayed/15': (request) => {
          body = request.body;
          return json(makeTransaction({ status: 'paid', paidVia: 'cash' }));
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Betaald zetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaald zetten' });
    expect(within(dialog).getByText('Lien Lid betaalde € 302,50 voor Groenten 2030.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Overschrijving/ })).toBeChecked();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /^Cash/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Notitie/ }), 'In de winkel');
    const before = detailCalls(fetch.calls);
    await user.click(within(dialog).getByRole('button', { name: 'Betaald zetten' }));
    expect(await screen.findByText('De transactie van Lien Lid is betaald.')).toBeInTheDocument();
    expect(body).toEqual({ via: 'cash', paidOn: dayjs().format('YYYY-MM-DD'), note: 'In de winkel' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Betaald zetten' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(detailCalls(fetch.calls)).toBeGreaterThan(before));
  });

  it('reopens a paid one with a reason (decision 093): the reason is sent and the bank asked again', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    const paidByCash = makeDetail({ status: 'paid', paidAt: '2030-03-05T09:30:00.000Z', paidVia: 'cash' });
    const { fetch } = renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'GET /api/applicationManager/bank/15': () => json(paidByCash),
        'POST /api/applicationManager/bank/reopen/15': (request) => {
          body = request.body;
          return json(makeTransaction());
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Betaling terugdraaien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaling terugdraaien' });
    expect(await axeViolations()).toEqual([]);
    // Without a reason the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Betaling terugdraaien' }));
    expect(
      await within(dialog).findByText(/Schrijf waarom je deze betaling terugdraait/),
    ).toBeInTheDocument();
    expect(body).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reden/ }), 'Verkeerd lid');
    const before = detailCalls(fetch.calls);
    await user.click(within(dialog).getByRole('button', { name: 'Betaling terugdraaien' }));
    expect(
      await screen.findByText('De betaling van Lien Lid is teruggedraaid: de transactie staat weer open.'),
    ).toBeInTheDocument();
    expect(body).toEqual({ reason: 'Verkeerd lid' });
    await waitFor(() => expect(detailCalls(fetch.calls)).toBeGreaterThan(before));
  });

  it('refunds one paid online through Mollie, and shows Mollie’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'GET /api/applicationManager/bank/15': () => json(paidDetail),
        'POST /api/applicationManager/bank/refund/15': () =>
          apiError(409, 'PAYMENT_PROVIDER_REFUSED', 'Mollie weigert de terugbetaling (422): te laat.'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Terugbetalen via Mollie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terugbetalen via Mollie' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reden/ }), 'Lid zegt op');
    await user.click(within(dialog).getByRole('button', { name: 'Terugbetalen' }));
    expect(
      await within(dialog).findByText('Mollie weigert de terugbetaling (422): te laat.'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when it is already handled', async () => {
    const user = userEvent.setup();
    renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'POST /api/applicationManager/bank/markPayed/15': () =>
          apiError(409, 'TRANSACTION_ALREADY_HANDLED', 'Deze betaling is al betaald of geannuleerd.'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Betaald zetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betaald zetten' });
    await user.click(within(dialog).getByRole('button', { name: 'Betaald zetten' }));
    expect(
      await within(dialog).findByText('Deze betaling is al betaald of geannuleerd.'),
    ).toBeInTheDocument();
  });

  it('cancels after asking, and the list and figures are asked again', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const { fetch, queryClient } = renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'GET /api/applicationManager/bank/15': () =>
          json(makeDetail(cancelled ? { status: 'cancelled' } : {})),
        'POST /api/applicationManager/bank/cancel/15': () => {
          cancelled = true;
          return json(makeTransaction({ status: 'cancelled' }));
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Transactie annuleren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transactie annuleren?' });
    // A bank list seen before is stale now.
    queryClient.setQueryData(['bank', 'manager', 'summary', 2030], { stale: true });
    await user.click(within(dialog).getByRole('button', { name: 'Transactie annuleren' }));
    expect(await screen.findByText('Transactie geannuleerd.')).toBeInTheDocument();
    expect(
      await screen.findByText('Deze transactie is geannuleerd: ze verandert niet meer.'),
    ).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path.endsWith('/cancel/15'))).toHaveLength(1);
    expect(queryClient.getQueryState(['bank', 'manager', 'summary', 2030])?.isInvalidated).toBe(true);
  });

  it('deletes after asking; a paid one is refused with the server’s message', async () => {
    const user = userEvent.setup();
    let paid = true;
    const { fetch, router } = renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'GET /api/applicationManager/bank/15': () => json(paid ? paidDetail : makeDetail()),
        'DELETE /api/applicationManager/bank/15': () =>
          paid
            ? apiError(
                409,
                'TRANSACTION_PAID',
                'Een betaalde transactie blijft bewaard als bewijs: je kan ze niet verwijderen.',
              )
            : new Response(null, { status: 204 }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Transactie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(
      await within(dialog).findByText(
        'Een betaalde transactie blijft bewaard als bewijs: je kan ze niet verwijderen.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));

    paid = false;
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    dialog = await screen.findByRole('dialog', { name: 'Transactie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applicationManager/bank'));
    expect(await screen.findByText('Transactie verwijderd.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
    await waitFor(() => expect(pagedBodies(fetch.calls).length).toBeGreaterThan(0));
  });

  it('makes a payment mail for review and leads to the mails screen', async () => {
    const user = userEvent.setup();
    let generated = 1;
    const { fetch } = renderApp({
      path: detailPath,
      account: bankManager,
      handlers: detailHandlers({
        'POST /api/applicationManager/Management/GeneratePaymentNeededEmail/3/15': () =>
          json({ generated, skipped: 1 - generated }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Betaalmail maken' }));
    const status = await screen.findByRole('status', { name: '' });
    expect(await within(status).findByText('Betaalmail klaar om te controleren.')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Naar de betaalmails' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/emails',
    );
    expect(fetch.calls.filter((call) => call.path.endsWith('/GeneratePaymentNeededEmail/3/15'))).toHaveLength(
      1,
    );

    generated = 0;
    await user.click(screen.getByRole('button', { name: 'Betaalmail maken' }));
    expect(
      (await screen.findAllByText(/^Geen nieuwe betaalmail: er wacht er al een voor deze transactie/)).length,
    ).toBeGreaterThan(0);
  });
});
