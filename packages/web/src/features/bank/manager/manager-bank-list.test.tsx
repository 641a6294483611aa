import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { apiError, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';
import {
  bankHandlers,
  bankManager,
  jef,
  lien,
  makeBankMember,
  makeTransaction,
  membersAnswer,
  pagedBodies,
  transactionsPage,
} from '../../../../test/bank-admin-fixtures';

withoutCanvas();

const paid = makeTransaction({
  id: 16,
  payerName: 'Jef Janssens',
  userId: 4,
  description: 'Fruit 2030',
  amountCents: 123450,
  status: 'paid',
  paidVia: 'transfer',
  paidAt: '2030-03-05T10:00:00.000Z',
  structuredReference: '000000001637',
});

describe('the bank list', () => {
  it('shows the harvest year in figures and every transaction as a card', async () => {
    renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([makeTransaction(), paid])),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank' })).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Oogstjaar 2030' });
    expect(await within(summary).findByText('€ 907,50')).toBeInTheDocument();
    expect(within(summary).getByText('3 transacties')).toBeInTheDocument();
    expect(within(summary).getByText('€ 1.234,50')).toBeInTheDocument();
    expect(within(summary).getByText('1 transactie')).toBeInTheDocument();
    expect(within(summary).getByText('Overschrijving € 1.000,00')).toBeInTheDocument();
    expect(within(summary).getByText('Online € 234,50')).toBeInTheDocument();

    const card = await screen.findByRole('link', { name: /^Lien Lid/ });
    expect(card).toHaveAttribute('href', '/applicationManager/bank/Transactions/detail/15');
    expect(within(card).getByText('Groenten 2030')).toBeInTheDocument();
    expect(within(card).getByText('€ 302,50')).toBeInTheDocument();
    expect(within(card).getByText('Vervalt op 30 apr 2030')).toBeInTheDocument();
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(card).getByText('+++000/0000/01540+++')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: /^Jef Janssens/ })).getByText('Betaald'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jaarlijkse transacties maken' })).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions/create-yearly-transactions',
    );
    expect(screen.getByRole('link', { name: 'Betaalmails' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/emails',
    );
    expect(screen.getByRole('link', { name: 'Bankbestand inlezen' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/import',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('sends the filters in the request body (a BankManager without other roles picks members and subscriptions too)', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers(),
    });
    /** Waits until the list's latest request is for `body`. */
    const asked = (body: object) => waitFor(() => expect(pagedBodies(fetch.calls).at(-1)).toEqual(body));
    const first = { page: 1, rowsPerPage: 25, harvestYear: 2030 };
    await screen.findByRole('link', { name: /^Lien Lid/ });
    expect(pagedBodies(fetch.calls)[0]).toEqual(first);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Betaald');
    await asked({ ...first, status: 'paid' });

    const subscription = screen.getByRole('combobox', { name: 'Abonnement' });
    await waitFor(() =>
      expect(within(subscription).getByRole('option', { name: 'Groenten' })).toBeInTheDocument(),
    );
    await user.selectOptions(subscription, 'Groenten');
    await asked({ ...first, status: 'paid', subscriptionId: 4 });

    await user.type(screen.getByRole('textbox', { name: 'Lid' }), 'Jef');
    await user.click(await screen.findByRole('option', { name: 'Jef Janssens' }));
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), ' groenten ');
    await asked({ ...first, status: 'paid', subscriptionId: 4, userId: 4, search: 'groenten' });

    // Another harvest year: its own figures, and the subscription (of 2030) no longer filters.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Oogstjaar' }), '2029');
    expect(await screen.findByRole('region', { name: 'Oogstjaar 2029' })).toBeInTheDocument();
    await asked({ ...first, harvestYear: 2029, status: 'paid', userId: 4, search: 'groenten' });
    expect(
      fetch.calls.some((call) => call.url.endsWith('/api/applicationManager/bank?harvestYear=2029')),
    ).toBe(true);
  });

  it('from the to-do link (?achterstallig=1) asks the overdue transactions of every harvest year', async () => {
    const { fetch } = renderApp({
      path: '/applicationManager/bank?status=open&achterstallig=1',
      account: bankManager,
      handlers: bankHandlers(),
    });
    expect(await screen.findByText(/Alleen open betalingen voorbij de vervaldag/)).toBeInTheDocument();
    await waitFor(() =>
      expect(pagedBodies(fetch.calls)[0]).toEqual({
        page: 1,
        rowsPerPage: 25,
        overdue: true,
        status: 'open',
      }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Toon alle transacties' }));
    await waitFor(() =>
      expect(pagedBodies(fetch.calls).at(-1)).toEqual({
        page: 1,
        rowsPerPage: 25,
        harvestYear: 2030,
        status: 'open',
      }),
    );
  });

  it('fills the filters from the bank’s own routes, and says so when the subscriptions cannot be read', async () => {
    const user = userEvent.setup();
    let failing = false;
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/bank/subscriptions': ({ url }: StubRequest) =>
          failing
            ? apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis. Probeer het later opnieuw.')
            : json(url.includes('harvestYear=2030') ? [{ id: 4, name: 'Groenten', harvestYear: 2030 }] : []),
      }),
    });
    await screen.findByRole('link', { name: /^Lien Lid/ });
    const subscription = screen.getByRole('combobox', { name: 'Abonnement' });
    await waitFor(() =>
      expect(within(subscription).getByRole('option', { name: 'Groenten' })).toBeInTheDocument(),
    );
    expect(
      fetch.calls
        .filter((call) => call.path === '/api/applicationManager/bank/subscriptions')
        .map((c) => c.url),
    ).toEqual(['/api/applicationManager/bank/subscriptions?harvestYear=2030']);

    await user.type(screen.getByRole('textbox', { name: 'Lid' }), 'piet');
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.path === '/api/applicationManager/bank/members').at(-1)?.body,
      ).toEqual({ search: 'piet' }),
    );
    expect(await screen.findByText('Geen leden gevonden')).toBeInTheDocument();

    // Another year whose subscriptions cannot be read: the filter stays, says why, and the list still shows.
    failing = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Oogstjaar' }), '2029');
    expect(await screen.findByText('Er ging iets mis. Probeer het later opnieuw.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Abonnement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Lien Lid/ })).toBeInTheDocument();
  });

  it('loads more with the cursor of the page before', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': ({ body }: StubRequest) =>
          (body as { page: number }).page === 1
            ? json(transactionsPage([makeTransaction()], { rowsPerPage: 1, total: 2 }))
            : json(transactionsPage([paid], { page: 2, rowsPerPage: 1, total: 2 })),
      }),
    });
    expect(await screen.findByText('1 van 2 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('link', { name: /^Jef Janssens/ })).toBeInTheDocument();
    expect(pagedBodies(fetch.calls).at(-1)).toEqual({
      page: 2,
      rowsPerPage: 25,
      harvestYear: 2030,
      after: 'cursor-1',
    });
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('exports the chosen year as a spreadsheet, and says so when it fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    const { fetch } = renderApp({
      path: '/applicationManager/bank?oogstjaar=2029',
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/export/transactions': () =>
          fail
            ? apiError(403, 'FORBIDDEN', 'Je hebt hiervoor niet de juiste rol.')
            : new Response(new Blob(['xlsx']), { status: 200 }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Exporteren 2029 (.xlsx)' }));
    expect(await screen.findByText('De transacties van 2029 zijn gedownload.')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/export/transactions'))?.url).toBe(
      '/api/applicationManager/export/transactions?harvestYear=2029',
    );
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Exporteren 2029 (.xlsx)' }));
    expect(await screen.findByText('Je hebt hiervoor niet de juiste rol.')).toBeInTheDocument();
  });

  it('exports the members as a spreadsheet', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/export/users': () => new Response(new Blob(['xlsx']), { status: 200 }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Leden exporteren (.xlsx)' }));
    expect(await screen.findByText('De ledenlijst is gedownload.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/applicationManager/export/users')).toBe(true);
  });

  it('says when nothing matches, and when a year has no transactions yet', async () => {
    renderApp({
      path: '/applicationManager/bank?status=cancelled',
      account: bankManager,
      handlers: bankHandlers({ 'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([])) }),
    });
    expect(await screen.findByText('Geen transacties gevonden')).toBeInTheDocument();
  });

  it('makes a transaction for a member’s subscription: the household’s price unless typed', async () => {
    const user = userEvent.setup();
    let created: unknown = null;
    const { fetch, router } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/MembershipCreate': ({ body }: StubRequest) => {
          created = body;
          return json(makeTransaction({ id: 31, amountCents: 12550 }));
        },
        'GET /api/applicationManager/bank/31': () => json({ ...makeTransaction({ id: 31 }), events: [] }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe transactie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe transactie' });
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    expect(await within(dialog).findByText('Kies een lid.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Lid/ }), 'Lien');
    await user.click(await screen.findByRole('option', { name: 'Lien Lid' }));
    // Lien has Groenten (not Fruit): the only choice, chosen, and its price is the default.
    const groenten = await within(dialog).findByRole('radio', { name: /^Groenten · €\s302,50$/ });
    await waitFor(() => expect(groenten).toBeChecked());
    expect(await axeViolations()).toEqual([]);
    expect(within(dialog).queryByRole('radio', { name: /^Fruit/ })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText('Leeg: € 302,50, wat dit gezin voor het abonnement betaalt.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Bedrag/ }), 'veel');
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    expect(await within(dialog).findByText('Schrijf een bedrag in euro, bv. 125,50.')).toBeInTheDocument();
    expect(created).toBeNull();

    await user.clear(within(dialog).getByRole('textbox', { name: /^Bedrag/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Bedrag/ }), '125,50');
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/applicationManager/bank/Transactions/detail/31'),
    );
    expect(created).toEqual({ userId: 3, subscriptionId: 4, amountCents: 12550 });
    expect(await screen.findByText('Transactie gemaakt voor Lien Lid: € 125,50.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.path.endsWith('/MembershipCreate'))).toHaveLength(1);
  });

  it('offers a subscription that already has an open or paid transaction, but not to choose', async () => {
    const user = userEvent.setup();
    let created: unknown = null;
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/members': membersAnswer([
          makeBankMember({
            subscriptions: [
              {
                subscriptionId: 5,
                name: 'Fruit',
                harvestYear: 2030,
                priceCents: 9000,
                hasLiveTransaction: false,
              },
              {
                subscriptionId: 4,
                name: 'Groenten',
                harvestYear: 2030,
                priceCents: 30250,
                hasLiveTransaction: true,
              },
            ],
          }),
          jef,
        ]),
        'POST /api/applicationManager/bank/MembershipCreate': ({ body }: StubRequest) => {
          created = body;
          return json(makeTransaction({ id: 32, amountCents: 9000, subscriptionId: 5 }));
        },
        'GET /api/applicationManager/bank/32': () => json({ ...makeTransaction({ id: 32 }), events: [] }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe transactie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe transactie' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Lid/ }), 'Lien');
    await user.click(await screen.findByRole('option', { name: 'Lien Lid' }));
    // The member's subscriptions of the dialog's year, asked for that member.
    await waitFor(() =>
      expect(
        fetch.calls.filter((call) => call.path === '/api/applicationManager/bank/members').at(-1)?.body,
      ).toEqual({ userId: lien.userId, harvestYear: 2030 }),
    );
    const groenten = await within(dialog).findByRole('radio', { name: /^Groenten · €\s302,50/ });
    expect(groenten).toBeDisabled();
    expect(
      within(dialog).getByText('Hiervoor is er al een open of betaalde transactie.'),
    ).toBeInTheDocument();
    // The one left to choose is chosen.
    const fruit = within(dialog).getByRole('radio', { name: /^Fruit · €\s90,00$/ });
    await waitFor(() => expect(fruit).toBeChecked());
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    await waitFor(() => expect(created).toEqual({ userId: 3, subscriptionId: 5 }));
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/MembershipCreate': () =>
          apiError(
            409,
            'TRANSACTION_EXISTS',
            'Voor dit abonnement van dit lid bestaat al een open of betaalde transactie.',
          ),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe transactie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe transactie' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Lid/ }), 'Lien');
    await user.click(await screen.findByRole('option', { name: 'Lien Lid' }));
    await within(dialog).findByRole('radio', { name: /^Groenten/ });
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    expect(
      await within(dialog).findByText(
        'Voor dit abonnement van dit lid bestaat al een open of betaalde transactie.',
      ),
    ).toBeInTheDocument();
  });

  it('is on the manager home for a BankManager only', async () => {
    const view = renderApp({ path: '/applicationManager', account: bankManager });
    expect(await screen.findByRole('link', { name: /^Bank Wat leden betalen/ })).toHaveAttribute(
      'href',
      '/applicationManager/bank',
    );
    view.unmount();
    renderApp({ path: '/applicationManager', account: makeAccount({ roles: ['TaskManager'] }) });
    await screen.findByRole('link', { name: /^Klusjes/ });
    expect(screen.queryByRole('link', { name: /^Bank Wat leden betalen/ })).not.toBeInTheDocument();
  });
});
