import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { apiError, json, renderApp, type StubRequest } from '../../../../test/utils';
import { bankHandlers, bankManager, makeDetail, makeTransaction } from '../../../../test/bank-admin-fixtures';

withoutCanvas();

const editPath = '/applicationManager/bank/Transactions/edit/15';

describe('editing a transaction', () => {
  it('sends the amount typed in euros as exact cents', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const { router } = renderApp({
      path: editPath,
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/bank/15': () => json(makeDetail()),
        'POST /api/applicationManager/bank/Update': ({ body }: StubRequest) => {
          sent = body;
          return json(makeTransaction({ amountCents: 12550 }));
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactie bewerken' })).toBeInTheDocument();
    const amount = await screen.findByRole('textbox', { name: /^Bedrag/ });
    expect(amount).toHaveValue('302,50');
    expect(await axeViolations()).toEqual([]);

    await user.clear(amount);
    await user.type(amount, 'twaalf');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Schrijf een bedrag in euro, bv. 125,50.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(sent).toBeNull();

    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul een bedrag in.')).toBeInTheDocument();

    await user.type(amount, '125,50');
    await user.clear(screen.getByRole('textbox', { name: /^Omschrijving/ }));
    await user.type(screen.getByRole('textbox', { name: /^Omschrijving/ }), 'Groenten 2030 (half jaar)');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/applicationManager/bank/Transactions/detail/15'),
    );
    expect(sent).toEqual({
      id: 15,
      amountCents: 12550,
      description: 'Groenten 2030 (half jaar)',
      dueDate: '2030-04-30',
    });
    expect(await screen.findByText('Transactie opgeslagen.')).toBeInTheDocument();
  });

  it('shows the server’s messages: per field, and for the whole form', async () => {
    const user = userEvent.setup();
    let answer = () =>
      apiError(400, 'VALIDATION_ERROR', 'Controleer de velden.', {
        amountCents: 'Het bedrag is hoogstens € 100000.',
      });
    renderApp({
      path: editPath,
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/bank/15': () => json(makeDetail()),
        'POST /api/applicationManager/bank/Update': () => answer(),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Het bedrag is hoogstens € 100000.')).toBeInTheDocument();
    answer = () =>
      apiError(409, 'TRANSACTION_ALREADY_HANDLED', 'Deze betaling is al betaald of geannuleerd.');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze betaling is al betaald of geannuleerd.');
  });

  it('does not offer to change a paid transaction', async () => {
    renderApp({
      path: editPath,
      account: bankManager,
      handlers: bankHandlers({
        'GET /api/applicationManager/bank/15': () => json(makeDetail({ status: 'paid', paidVia: 'cash' })),
      }),
    });
    expect(
      await screen.findByText('Deze transactie is al betaald of geannuleerd: je kan ze niet meer wijzigen.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });
});
