import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingPaymentEmail } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { bankAdminHandlers, bankManager, makePendingEmail } from '../../../../test/bank-admin-fixtures';
import { json, renderApp } from '../../../../test/utils';

const path = '/applicationManager/bank/emails';
const api = '/api/applicationManager/Management';

describe('payment e-mails', () => {
  it('makes the mails for the chosen year, shows them for review, drops one and sends the rest', async () => {
    const user = userEvent.setup();
    let waiting: PendingPaymentEmail[] = [];
    const { fetch } = renderApp({
      path,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [`GET ${api}/GetAllPaymentNeededEmails`]: () => json(waiting),
        [`POST ${api}/GeneratePaymentNeededEmails`]: () => {
          waiting = [
            makePendingEmail(),
            makePendingEmail({
              id: 71,
              toName: 'Jan Peeters',
              toEmail: 'jan@example.be',
              amountCents: 24_000,
            }),
          ];
          return json({ generated: 2, skipped: 1 });
        },
        [`DELETE ${api}/PaymentEmail/71`]: () => {
          waiting = waiting.filter((email) => email.id !== 71);
          return new Response(null, { status: 204 });
        },
        [`POST ${api}/ConfirmPaymentNeededEmails`]: () => {
          const queued = waiting.length;
          waiting = [];
          return json({ queued });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaalmails' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Betaling nodig', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Er wachten geen mails')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Oogstjaar' }), '2031');
    await user.click(screen.getByRole('button', { name: 'Maak mails voor 2031' }));
    expect(await screen.findByText('2 mails wachten')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/GeneratePaymentNeededEmails'))?.body).toEqual({
      harvestYear: 2031,
    });
    // The notification's container loads with the first notification (decision 045): it may land a little
    // after the list.
    expect(
      await screen.findByText(
        '2 nieuwe mails klaar om na te lezen. 1 lid overgeslagen: geen e-mailadres, of er wacht al een mail.',
      ),
    ).toBeInTheDocument();

    // Each mail: to, subject, amount, and its text behind a button.
    const list = screen.getByRole('list', { name: 'Mails die wachten' });
    const lien = within(list).getAllByRole('listitem')[0]!;
    expect(within(lien).getByRole('checkbox', { name: /Lien Lid/ })).toBeInTheDocument();
    expect(within(lien).getByText('lid@example.be')).toBeInTheDocument();
    expect(within(lien).getByText('Betaling van je abonnement Groenten 2030')).toBeInTheDocument();
    expect(within(lien).getByText(/^€ 302,50 · gemaakt/)).toBeInTheDocument();
    const show = within(lien).getByRole('button', { name: 'Tekst tonen' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(within(lien).getByRole('button', { name: 'Tekst verbergen' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(lien).getByText(/Schrijf € 302,50 over op BE68 5390 0754 7034/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Niet versturen: mail aan Jan Peeters' }));
    expect(await screen.findByText('De mail aan Jan Peeters wordt niet verstuurd.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('jan@example.be')).not.toBeInTheDocument());
    expect(
      fetch.calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/PaymentEmail/71')),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Verstuur 1 mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mails versturen?' });
    expect(fetch.calls.some((call) => call.path.endsWith('/ConfirmPaymentNeededEmails'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Verstuur 1 mail' }));
    expect(
      await screen.findByText('1 mail in de wachtrij.', { selector: '[role="status"] *' }),
    ).toBeInTheDocument();
    // None chosen: all waiting mails of the kind.
    expect(fetch.calls.find((call) => call.path.endsWith('/ConfirmPaymentNeededEmails'))?.body).toEqual({});
    expect(await screen.findByText('Er wachten geen mails')).toBeInTheDocument();
  });

  it('sends only the ticked reminders', async () => {
    const user = userEvent.setup();
    const reminders = [
      makePendingEmail({ id: 80, kind: 'reminder', subject: 'Herinnering: Groenten 2030' }),
      makePendingEmail({ id: 81, kind: 'reminder', toName: 'Jan Peeters', toEmail: 'jan@example.be' }),
      makePendingEmail({ id: 82, kind: 'reminder', toName: 'An Smet', toEmail: 'an@example.be' }),
    ];
    const { fetch } = renderApp({
      path: `${path}?soort=herinneringen`,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [`GET ${api}/GetAllPaymentReminderEmails`]: () => json(reminders),
        [`POST ${api}/ConfirmPaymentReminderEmails`]: () => json({ queued: 2 }),
      },
    });
    expect(await screen.findByRole('tab', { name: 'Herinneringen', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Verstuur 3 mails' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Lien Lid/ }));
    await user.click(screen.getByRole('checkbox', { name: /An Smet/ }));
    await user.click(screen.getByRole('button', { name: 'Verstuur 2 mails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mails versturen?' });
    expect(within(dialog).getByText(/De 2 aangevinkte mails worden verstuurd/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Verstuur 2 mails' }));
    expect(
      await screen.findByText('2 mails in de wachtrij.', { selector: '[role="status"] *' }),
    ).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path.endsWith('/ConfirmPaymentReminderEmails'))?.body).toEqual({
      ids: [80, 82],
    });
  });

  it('sets when reminders go out by themselves (decision 093): on, 7 days, then every 10, at most 2', async () => {
    const user = userEvent.setup();
    let body: unknown = null;
    renderApp({
      path: `${path}?soort=herinneringen`,
      account: bankManager,
      handlers: {
        ...bankAdminHandlers,
        [`GET ${api}/GetAllPaymentReminderEmails`]: () => json([]),
        'PUT /api/applicationManager/bank/reminderSchedule': (request) => {
          body = request.body;
          return json(request.body);
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Herinneringen volgens planning' });
    const enabled = await within(section).findByRole('switch', { name: /^Herinneringen vanzelf sturen/ });
    expect(enabled).not.toBeChecked();
    const first = within(section).getByRole('textbox', { name: 'Eerste herinnering na de vervaldatum' });
    expect(first).toHaveValue('14 dagen');
    await user.click(enabled);
    await user.clear(first);
    await user.type(first, '7');
    const every = within(section).getByRole('textbox', { name: 'Daarna telkens na' });
    await user.clear(every);
    await user.type(every, '10');
    const most = within(section).getByRole('textbox', { name: 'Hoogstens zoveel herinneringen' });
    await user.clear(most);
    await user.type(most, '2');
    await user.click(within(section).getByRole('button', { name: 'Planning bewaren' }));
    expect(
      await screen.findByText(
        'Bewaard: de eerste herinnering 7 dagen na de vervaldatum, daarna elke 10 dagen, hoogstens 2.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({ enabled: true, firstAfterDays: 7, everyDays: 10, maxCount: 2 });
  });
});
