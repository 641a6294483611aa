import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { json, renderApp, laptopScreen } from '../../../../test/utils';
import {
  bankHandlers,
  bankManager,
  makeTransaction,
  pagedBodies,
  transactionsPage,
} from '../../../../test/bank-admin-fixtures';

withoutCanvas();

const anna = makeTransaction({ id: 21, payerName: 'Anna Aerts', amountCents: 5000, dueDate: '2030-05-01' });
const bert = makeTransaction({ id: 22, payerName: 'Bert Baert', amountCents: 3000, dueDate: '2030-04-01' });
const cis = makeTransaction({
  id: 23,
  payerName: 'Cis Claes',
  amountCents: 9000,
  dueDate: '2030-06-01',
  status: 'paid',
  paidVia: 'cash',
  paidAt: '2030-03-05T10:00:00.000Z',
});

describe('the bank list on a laptop (decision 093)', () => {
  it('is a table with sortable columns and 25, 50 or 100 rows a page', async () => {
    laptopScreen();
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([anna, bert, cis])),
      }),
    });
    const table = await screen.findByRole('table', { name: 'Transacties' });
    const payers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(payers()).toEqual(['Anna Aerts', 'Bert Baert', 'Cis Claes']);
    const amount = within(table).getByRole('columnheader', { name: /Bedrag/ });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await user.click(within(amount).getByRole('button', { name: 'Bedrag' }));
    expect(amount).toHaveAttribute('aria-sort', 'ascending');
    expect(payers()).toEqual(['Bert Baert', 'Anna Aerts', 'Cis Claes']);
    await user.click(within(amount).getByRole('button', { name: 'Bedrag' }));
    expect(amount).toHaveAttribute('aria-sort', 'descending');
    expect(payers()).toEqual(['Cis Claes', 'Anna Aerts', 'Bert Baert']);
    expect(await axeViolations()).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rijen per pagina' }), '100');
    await waitFor(() => expect(pagedBodies(fetch.calls).at(-1)).toMatchObject({ rowsPerPage: 100 }));
  });

  it('marks the chosen ones paid at once and says what happened to each', async () => {
    laptopScreen();
    const user = userEvent.setup();
    let body: unknown = null;
    renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([anna, bert, cis])),
        'POST /api/applicationManager/bank/markPayedMany': (request) => {
          body = request.body;
          return json({
            results: [
              { id: 21, ok: true, code: null, message: 'Betaald gezet.' },
              {
                id: 22,
                ok: false,
                code: 'TRANSACTION_ALREADY_HANDLED',
                message: 'Deze betaling is al betaald of geannuleerd.',
              },
            ],
          });
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Transacties' });
    await user.click(within(table).getByRole('checkbox', { name: 'Alle transacties op deze pagina kiezen' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Acties voor de gekozen transacties' });
    expect(within(toolbar).getByText('3 gekozen')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: /^Cis Claes/ }));
    expect(within(toolbar).getByText('2 gekozen')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Betaald zetten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gekozen transacties betaald zetten' });
    expect(within(dialog).getByText(/2 open transacties, samen € 80,00/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: '2 betaald zetten' }));
    const result = await screen.findByRole('status', { name: /Gekozen transacties betaald zetten/ });
    expect(body).toEqual({ ids: [21, 22], via: 'cash', note: '' });
    expect(within(result).getByText('1 gelukt, 1 niet.')).toBeInTheDocument();
    expect(within(result).getByText('Anna Aerts — Groenten 2030')).toBeInTheDocument();
    expect(within(result).getByText(/Deze betaling is al betaald of geannuleerd/)).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });
});

describe('the bank list on a phone', () => {
  it('is cards, each with its own checkbox; reminders go out for the open ones', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    renderApp({
      path: '/applicationManager/bank',
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([anna, cis])),
        'POST /api/applicationManager/bank/remindMany': (request) => {
          body = request.body;
          return json({
            results: [{ id: 21, ok: true, code: null, message: 'Herinnering 1 gaat naar anna@example.be.' }],
          });
        },
      }),
    });
    expect(await screen.findByRole('link', { name: /^Anna Aerts/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Anna Aerts/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Cis Claes/ }));
    await user.click(screen.getByRole('button', { name: 'Herinnering sturen' }));
    const result = await screen.findByRole('status', { name: /Herinneringen/ });
    expect(body).toEqual({ ids: [21] });
    expect(within(result).getByText(/Herinnering 1 gaat naar anna@example.be/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
