import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from './axe';
import {
  applicationManager,
  bankAdminHandlers,
  janFruit,
  makeImportDetail,
  makeMollieStatus,
  makePendingEmail,
  makeYearlyPreview,
  transactionsPage,
} from './bank-admin-fixtures';
import { json, renderApp, type StubHandler } from './utils';

/** Axe check of the bank's administration screens (decision 077) and their dialogs, as in a11y-market-managers. */
withoutCanvas();

const bank = '/api/applicationManager/bank';

const handlers: Record<string, StubHandler> = {
  ...bankAdminHandlers,
  'GET /api/applicationManager/administration-actions/create-yearly-transactions': () =>
    json(makeYearlyPreview()),
  'GET /api/applicationManager/Management/GetAllPaymentNeededEmails': () =>
    json([makePendingEmail(), makePendingEmail({ id: 71, toName: 'Jan Peeters' })]),
  [`GET ${bank}/imports`]: () => json([makeImportDetail()]),
  [`GET ${bank}/imports/9`]: () => json(makeImportDetail()),
  [`POST ${bank}/Paged`]: () => json(transactionsPage([janFruit], { rowsPerPage: 10, total: 3 })),
  'GET /api/applicationManager/mollie': () => json(makeMollieStatus()),
  [`GET ${bank}/settings`]: () =>
    json({ accountName: 'De Plukhoeve vzw', iban: 'BE68539007547034', bic: '', dueDays: 30 }),
};

const screens = [
  {
    name: 'yearly transactions',
    path: '/applicationManager/administration-actions/create-yearly-transactions',
    ready: () => screen.findByRole('button', { name: 'Maak 3 transacties' }),
    dialog: { button: 'Maak 3 transacties', name: 'Transacties maken?' },
  },
  {
    name: 'payment e-mails',
    path: '/applicationManager/bank/emails',
    ready: () => screen.findByText('2 mails wachten'),
    dialog: { button: 'Verstuur 2 mails', name: 'Mails versturen?' },
  },
  {
    name: 'an earlier bank file with its lines',
    path: '/applicationManager/bank/import?inlezing=9',
    ready: () => screen.findByRole('heading', { level: 2, name: 'afschrift-maart.cod' }),
    dialog: { button: /^Koppel de lijn van .* Jan Peeters$/, name: 'Lijn koppelen aan een transactie' },
  },
  {
    name: 'bank file import',
    path: '/applicationManager/bank/import',
    ready: () => screen.findByRole('link', { name: /afschrift-maart\.cod/ }),
  },
  {
    name: 'Mollie',
    path: '/applicationManager/mollie',
    ready: () => screen.findByText('Verbonden in testmodus'),
    dialog: { button: 'Sleutel verwijderen', name: 'Sleutel verwijderen?' },
  },
  {
    name: 'bank settings',
    path: '/applicationManager/bank/settings',
    ready: () => screen.findByRole('textbox', { name: /^IBAN-rekeningnummer/ }),
  },
  {
    name: 'manager home with the bank tiles',
    path: '/applicationManager',
    ready: () => screen.findByRole('link', { name: /^Bankgegevens/ }),
  },
];

describe('accessibility (axe) of the bank administration screens', () => {
  it.each(screens)('$name has no violations', async ({ path, ready, dialog }) => {
    renderApp({ path, account: applicationManager, handlers });
    await ready();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    if (!dialog) return;
    await userEvent.setup().click(screen.getAllByRole('button', { name: dialog.button })[0]!);
    const opened = await screen.findByRole('dialog', { name: dialog.name });
    await within(opened).findAllByRole('button');
    expect(await axeViolations()).toEqual([]);
  });

  it('the ignore dialog of a bank line has no violations', async () => {
    renderApp({ path: '/applicationManager/bank/import?inlezing=9', account: applicationManager, handlers });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /^Negeer de lijn van .* An Onbekend$/ }));
    await screen.findByRole('dialog', { name: 'Lijn negeren?' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the settings form has no violations with its errors shown', async () => {
    renderApp({ path: '/applicationManager/bank/settings', account: applicationManager, handlers });
    const iban = await screen.findByRole('textbox', { name: /^IBAN-rekeningnummer/ });
    const user = userEvent.setup();
    await user.clear(iban);
    await user.type(iban, 'BE00 1234');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit is geen geldig IBAN-rekeningnummer.')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('on a wide screen', () => {
  const phone = window.matchMedia;
  afterEach(() => {
    window.matchMedia = phone;
  });

  it.each([
    {
      path: '/applicationManager/bank/import?inlezing=9',
      table: '4 lijnen van het rekeningafschrift',
    },
    { path: '/applicationManager/mollie', table: 'De laatste melding van Mollie' },
  ])('the table of $path has no violations', async ({ path, table }) => {
    // Every media query matches: the screens show their tables instead of a card per row.
    window.matchMedia = ((query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    renderApp({ path, account: applicationManager, handlers });
    const shown = await screen.findByRole('table', { name: table });
    expect(within(shown).getAllByRole('row').length).toBeGreaterThan(1);
    expect(await axeViolations()).toEqual([]);
  });
});
