import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MollieStatus } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { applicationManager, bankManager, makeMollieStatus } from '../../../../test/bank-admin-fixtures';
import { apiError, json, renderApp } from '../../../../test/utils';

const path = '/applicationManager/mollie';
const route = '/api/applicationManager/mollie';
const newKey = `live_${'k'.repeat(30)}`;

describe('Mollie', () => {
  it('shows the connection, the masked key, the webhook address and its latest calls', async () => {
    renderApp({
      path,
      account: applicationManager,
      handlers: { [`GET ${route}`]: () => json(makeMollieStatus()) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mollie' })).toBeInTheDocument();
    expect(await screen.findByText('Verbonden in testmodus')).toBeInTheDocument();
    expect(screen.getByText('test_••••••••AbC1')).toBeInTheDocument();
    expect(screen.getByText('https://plukhoeve.example/api/mollie/webhook')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adres kopiëren' })).toBeInTheDocument();
    const calls = screen.getByRole('list', { name: 'De laatste melding van Mollie' });
    expect(within(calls).getByText('Betaling tr_WDqYK6vllg · status bij Mollie: paid')).toBeInTheDocument();
    expect(within(calls).getByText('Betaald')).toBeInTheDocument();
    expect(within(calls).getByRole('link', { name: 'Transactie 40 bekijken' })).toHaveAttribute(
      'href',
      '/applicationManager/bank/Transactions/detail/40',
    );
  });

  it('says when Mollie is not set up or refuses the key', async () => {
    const view = renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () =>
          json(makeMollieStatus({ configured: false, maskedKey: null, connection: null, webhookCalls: [] })),
      },
    });
    expect(await screen.findByText('Mollie is niet ingesteld')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sleutel verwijderen' })).not.toBeInTheDocument();
    expect(screen.getByText('Nog geen meldingen')).toBeInTheDocument();
    view.unmount();

    renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () =>
          json(makeMollieStatus({ connection: { ok: false, message: 'Invalid API key.' } })),
      },
    });
    expect(await screen.findByText('Mollie aanvaardt de sleutel niet')).toBeInTheDocument();
    expect(screen.getByText('Invalid API key.')).toBeInTheDocument();
  });

  it('saves a new key from an empty password field that never shows a key, and shows Mollie’s refusal', async () => {
    const user = userEvent.setup();
    let status: MollieStatus = makeMollieStatus();
    let refuse = true;
    const { fetch } = renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () => json(status),
        [`POST ${route}`]: () => {
          if (refuse) return apiError(409, 'PAYMENT_PROVIDER_REFUSED', 'Mollie weigerde deze sleutel.');
          status = makeMollieStatus({
            maskedKey: 'live_••••••••kkkk',
            connection: { ok: true, mode: 'live' },
          });
          return json(status);
        },
      },
    });
    const field = await screen.findByLabelText(/^Nieuwe API-sleutel van Mollie/);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Sleutel opslaan' }));
    expect(
      await screen.findByText(
        'Een Mollie-sleutel begint met test_ of live_ gevolgd door minstens 30 letters en cijfers.',
      ),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(field, newKey);
    await user.click(screen.getByRole('button', { name: 'Sleutel opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mollie weigerde deze sleutel.');
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ apiKey: newKey });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Sleutel opslaan' }));
    expect(await screen.findByText('De sleutel is opgeslagen: Mollie aanvaardt hem.')).toBeInTheDocument();
    expect(await screen.findByText('Verbonden (live)')).toBeInTheDocument();
    expect(screen.getByText('live_••••••••kkkk')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Nieuwe API-sleutel van Mollie/)).toHaveValue(''));
    // The typed key is nowhere on the page once saved.
    expect(document.body.innerHTML).not.toContain(newKey);
  });

  it('removes the key after a confirmation', async () => {
    const user = userEvent.setup();
    let configured = true;
    const { fetch } = renderApp({
      path,
      account: applicationManager,
      handlers: {
        [`GET ${route}`]: () =>
          json(
            configured
              ? makeMollieStatus()
              : makeMollieStatus({ configured: false, maskedKey: null, connection: null }),
          ),
        [`DELETE ${route}`]: () => {
          configured = false;
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sleutel verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sleutel verwijderen?' });
    expect(fetch.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sleutel verwijderen' }));
    expect(await screen.findByText('De sleutel is verwijderd.')).toBeInTheDocument();
    expect(await screen.findByText('Mollie is niet ingesteld')).toBeInTheDocument();
    expect(
      fetch.calls.some(
        (call) => call.method === 'DELETE' && call.path.endsWith('/applicationManager/mollie'),
      ),
    ).toBe(true);
  });

  it('is for an ApplicationManager, not a BankManager', async () => {
    renderApp({ path, account: bankManager });
    expect(await screen.findByText('Geen toegang')).toBeInTheDocument();
  });
});
