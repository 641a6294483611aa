import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BankSettings } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { applicationManager } from '../../../../test/bank-admin-fixtures';
import { apiError, json, renderApp } from '../../../../test/utils';

const path = '/applicationManager/bank/settings';
const route = '/api/applicationManager/bank/settings';
const saved: BankSettings = {
  accountName: 'De Plukhoeve vzw',
  iban: 'BE68539007547034',
  bic: 'GKCCBEBB',
  dueDays: 30,
};

describe('bank settings', () => {
  it('checks the IBAN with mod 97 before sending, and sends it without spaces', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () => json(saved),
        [`POST ${route}`]: (request) => {
          const body = request.body as BankSettings;
          return json({ ...body, bic: body.bic ?? '' });
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bankgegevens' })).toBeInTheDocument();
    const iban = await screen.findByRole('textbox', { name: /^IBAN-rekeningnummer/ });
    expect(iban).toHaveValue('BE68 5390 0754 7034');
    expect(screen.getByRole('textbox', { name: /^Naam van de rekeninghouder/ })).toHaveValue(
      'De Plukhoeve vzw',
    );

    // One digit off: the check digits no longer fit.
    await user.clear(iban);
    await user.type(iban, 'BE68 5390 0754 7035');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit is geen geldig IBAN-rekeningnummer.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(iban);
    await user.type(iban, 'be71096123456769');
    await user.tab();
    expect(screen.getByRole('textbox', { name: /^IBAN-rekeningnummer/ })).toHaveValue('BE71 0961 2345 6769');
    const bic = screen.getByRole('textbox', { name: /^BIC/ });
    await user.clear(bic);
    await user.type(bic, 'gebabebb');
    const days = screen.getByRole('textbox', { name: /^Betaaltermijn in dagen/ });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De bankgegevens zijn opgeslagen.')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
      accountName: 'De Plukhoeve vzw',
      iban: 'BE71096123456769',
      bic: 'GEBABEBB',
      dueDays: 14,
    });
  });

  it('shows the contract’s messages and the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () => json({ accountName: '', iban: '', bic: '', dueDays: 30 }),
        [`POST ${route}`]: () =>
          apiError(400, 'VALIDATION_ERROR', 'Controleer de gegevens.', {
            accountName: 'De naam is hoogstens 70 tekens lang (zo staat hij in de QR-code).',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul de naam van de rekeninghouder in.')).toBeInTheDocument();
    expect(screen.getByText('Vul het IBAN-rekeningnummer in.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Naam van de rekeninghouder/ }), 'De Plukhoeve');
    await user.type(screen.getByRole('textbox', { name: /^IBAN-rekeningnummer/ }), 'BE68539007547034');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('De naam is hoogstens 70 tekens lang (zo staat hij in de QR-code).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Naam van de rekeninghouder/ })).toHaveFocus(),
    );
  });

  it('puts the server’s refusal of the account under the IBAN', async () => {
    const user = userEvent.setup();
    renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () => json(saved),
        [`POST ${route}`]: () =>
          apiError(400, 'BANK_ACCOUNT_INVALID', 'Dit is geen geldig IBAN-rekeningnummer.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit is geen geldig IBAN-rekeningnummer.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^IBAN-rekeningnummer/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
