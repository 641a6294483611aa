import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { apiError, json, renderApp, type StubRequest } from '../../../../test/utils';
import {
  applicationManager,
  bankHandlers,
  bankManager,
  makeTransaction,
  pagedBodies,
  transactionsPage,
} from '../../../../test/bank-admin-fixtures';

withoutCanvas();

const userPath = '/applicationManager/bank/user/3?naam=Lien%20Lid';
const paid2030 = makeTransaction({ id: 15, status: 'paid', paidVia: 'transfer' });
const open2029 = makeTransaction({
  id: 9,
  harvestYear: 2029,
  description: 'Groenten 2029',
  dueDate: '2029-04-30',
});

describe('a member’s payments', () => {
  it('lists their transactions (page 1, 20 rows) and whether this year is paid', async () => {
    const { fetch } = renderApp({
      path: userPath,
      account: applicationManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () =>
          json(transactionsPage([paid2030, open2029], { rowsPerPage: 20, total: 23 })),
      }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betalingen van een lid' }),
    ).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Betalingen van Lien Lid' });
    const list = await within(section).findByRole('list', { name: 'Transacties van Lien Lid' });
    expect(within(list).getByRole('link', { name: /^Groenten 2030/ })).toHaveAttribute(
      'href',
      '/applicationManager/bank/Transactions/detail/15',
    );
    // The year is paid: 2030's transaction is, the open one is of 2029.
    const payed = within(section).getByRole('switch', { name: 'Betaald in oogstjaar 2030' });
    expect(payed).toBeChecked();
    expect(within(section).getByText('Volgt de transacties van 2030.')).toBeInTheDocument();
    expect(within(section).getByText('De 2 laatste van 23 transacties.')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Alle transacties van dit lid in de bank' }),
    ).toHaveAttribute('href', '/applicationManager/bank?lid=3&lidnaam=Lien+Lid');
    expect(pagedBodies(fetch.calls)).toEqual([{ page: 1, rowsPerPage: 20, userId: 3 }]);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the server’s refusal when paid transactions decide', async () => {
    const user = userEvent.setup();
    renderApp({
      path: userPath,
      account: applicationManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([paid2030])),
        'POST /api/applicationManager/User/SetPayed': () =>
          apiError(
            409,
            'PAID_BY_TRANSACTIONS',
            'Dit oogstjaar is betaald met transacties; zet die in de bank terug.',
          ),
      }),
    });
    const payed = await screen.findByRole('switch', { name: 'Betaald in oogstjaar 2030' });
    await user.click(payed);
    expect(
      await screen.findByText('Dit oogstjaar is betaald met transacties; zet die in de bank terug.'),
    ).toBeInTheDocument();
    expect(payed).toBeChecked();
  });

  it('sets the year paid by hand when no transaction decides, and says what it did', async () => {
    const user = userEvent.setup();
    let paidNow = false;
    const { fetch } = renderApp({
      path: userPath,
      account: applicationManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage(paidNow ? [] : [open2029])),
        'POST /api/applicationManager/User/SetPayed': ({ body }: StubRequest) => {
          paidNow = true;
          return json({
            userId: 3,
            hasPaid: (body as { hasPaid: boolean }).hasPaid,
            transactionsMarkedPaid: 0,
          });
        },
      }),
    });
    const payed = await screen.findByRole('switch', { name: 'Betaald in oogstjaar 2030' });
    expect(payed).not.toBeChecked();
    expect(
      screen.getByText(
        'Geen open of betaalde transactie in 2030: wat eerder met de hand werd ingesteld, staat hier niet.',
      ),
    ).toBeInTheDocument();
    await user.click(payed);
    expect(await screen.findByText('Betaald gezet voor 2030.')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/User/SetPayed'))?.body).toEqual({
      userId: 3,
      hasPaid: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Betaald in oogstjaar 2030' })).toBeChecked(),
    );
    expect(screen.getByText('Met de hand ingesteld.')).toBeInTheDocument();
    // The list was asked again.
    await waitFor(() => expect(pagedBodies(fetch.calls).length).toBe(2));
  });

  it('makes a transaction for this member, among their subscriptions (a BankManager needs no other role)', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: userPath,
      account: bankManager,
      handlers: bankHandlers({
        'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([])),
        'POST /api/applicationManager/bank/MembershipCreate': () => json(makeTransaction({ id: 40 })),
      }),
    });
    expect(await screen.findByText('Nog geen transacties')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe transactie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe transactie' });
    expect(within(dialog).getByText('Voor Lien Lid.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Lid/ })).not.toBeInTheDocument();
    await within(dialog).findByRole('radio', { name: /^Groenten/ });
    // Their subscriptions are asked by id: a name alone may not find them.
    expect(
      fetch.calls.filter((call) => call.path === '/api/applicationManager/bank/members').map((c) => c.body),
    ).toEqual([{ userId: 3, harvestYear: 2030 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Transactie maken' }));
    expect(
      await screen.findByText('Transactie gemaakt voor Lien Lid: € 302,50.', {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/MembershipCreate'))?.body).toEqual({
      userId: 3,
      subscriptionId: 4,
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe transactie' })).not.toBeInTheDocument(),
    );
  });
});

describe('a member’s reminders (decision 093)', () => {
  it('pauses the scheduled reminders of this member, and resumes them', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    renderApp({
      path: userPath,
      account: bankManager,
      handlers: bankHandlers({
        'PUT /api/applicationManager/bank/reminderPause/3': (request: StubRequest) => {
          bodies.push(request.body);
          return json({ userId: 3, paused: (request.body as { paused: boolean }).paused });
        },
      }),
    });
    const pause = await screen.findByRole('switch', { name: /^Herinneringen gepauzeerd/ });
    await waitFor(() => expect(pause).toBeEnabled());
    expect(pause).not.toBeChecked();
    await user.click(pause);
    expect(await screen.findByText('De herinneringen voor Lien Lid zijn gepauzeerd.')).toBeInTheDocument();
    await waitFor(() => expect(pause).toBeChecked());
    await user.click(pause);
    expect(await screen.findByText('De herinneringen voor Lien Lid lopen weer.')).toBeInTheDocument();
    expect(bodies).toEqual([{ paused: true }, { paused: false }]);
  });
});
