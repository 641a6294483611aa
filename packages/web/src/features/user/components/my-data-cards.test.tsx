import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyDataExport } from '@pluk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations, withoutCanvas } from '../../../../test/axe';
import { apiError, json, makeAccount, renderApp, resetNotifications } from '../../../../test/utils';

withoutCanvas();
beforeEach(resetNotifications);

const preparing: MyDataExport = {
  id: 7,
  status: 'preparing',
  requestedAt: '2026-11-28T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  expired: false,
  sizeBytes: null,
};
const ready: MyDataExport = {
  ...preparing,
  status: 'ready',
  readyAt: '2026-11-28T10:01:00.000Z',
  expiresAt: '2026-11-29T10:01:00.000Z',
  sizeBytes: 4096,
};

const section = async (name: string) => (await screen.findByRole('heading', { name })).closest('section')!;

describe('Mijn gegevens on /account/privacy (decision 101)', () => {
  it('asks for the ZIP, shows progress while it is prepared, then offers the download', async () => {
    let state: MyDataExport | null = null;
    const { fetch } = renderApp({
      path: '/account/privacy',
      account: makeAccount(),
      handlers: {
        'GET /api/User/MyData': () => json({ export: state }),
        'POST /api/User/MyData': () => {
          state = preparing;
          return json({ queued: true, export: preparing });
        },
      },
    });
    const user = userEvent.setup();
    const card = await section('Mijn gegevens');
    // The privacy choices stay on the screen.
    expect(screen.getByRole('switch', { name: /Toon mijn contactgegevens/ })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Download mijn gegevens' }));
    expect(await within(card).findByText(/We maken je gegevens klaar/)).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(/We maken je gegevens klaar/);
    expect(within(card).getByRole('button', { name: 'Download mijn gegevens' })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);

    // The card asks again while preparing; once ready it offers the ZIP.
    state = ready;
    expect(
      await within(card).findByRole('button', { name: 'ZIP-bestand downloaden' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(card).getByText(/Je gegevens staan klaar tot/)).toBeInTheDocument();
    expect(
      fetch.calls.filter((call) => call.method === 'POST' && call.path === '/api/User/MyData'),
    ).toHaveLength(1);
  });

  it('says an expired download is over and lets me ask again', async () => {
    renderApp({
      path: '/account/privacy',
      account: makeAccount(),
      handlers: { 'GET /api/User/MyData': () => json({ export: { ...ready, expired: true } }) },
    });
    const card = await section('Mijn gegevens');
    expect(await within(card).findByText(/Je vorige download is verlopen/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download mijn gegevens' })).toBeEnabled();
  });
});

describe('Verwijder mijn account on /account/privacy (decision 101)', () => {
  it('asks for the password in a dialog and shows a refusal with its reason', async () => {
    const { fetch } = renderApp({
      path: '/account/privacy',
      account: makeAccount(),
      handlers: {
        'POST /api/User/DeleteMyAccount': () =>
          apiError(
            409,
            'ACCOUNT_HAS_OPEN_PAYMENT',
            'Je hebt nog een openstaande betaling. Betaal die eerst en verwijder je account daarna.',
          ),
      },
    });
    const user = userEvent.setup();
    const card = await section('Account verwijderen');
    await user.click(within(card).getByRole('button', { name: 'Verwijder mijn account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Je account verwijderen?' });
    expect(await axeViolations()).toEqual([]);
    // Without a password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    expect(await within(dialog).findByText('Vul je wachtwoord in.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Wachtwoord'), 'mijn-wachtwoord');
    await user.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Je account kan nu niet verwijderd worden');
    expect(alert).toHaveTextContent('openstaande betaling');
    const sent = fetch.calls.filter((call) => call.path === '/api/User/DeleteMyAccount');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ password: 'mijn-wachtwoord' });
  });

  it('shows a wrong password at the field', async () => {
    renderApp({
      path: '/account/privacy',
      account: makeAccount(),
      handlers: {
        'POST /api/User/DeleteMyAccount': () =>
          apiError(400, 'WRONG_PASSWORD', 'Je wachtwoord is onjuist.', {
            password: 'Je wachtwoord is onjuist.',
          }),
      },
    });
    const user = userEvent.setup();
    await user.click(
      within(await section('Account verwijderen')).getByRole('button', { name: 'Verwijder mijn account' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Je account verwijderen?' });
    await user.type(within(dialog).getByLabelText('Wachtwoord'), 'fout');
    await user.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Wachtwoord')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByText('Je wachtwoord is onjuist.')).toBeInTheDocument();
  });

  it('signs me out after the account is deleted', async () => {
    const { router } = renderApp({
      path: '/account/privacy',
      account: makeAccount(),
      handlers: { 'POST /api/User/DeleteMyAccount': () => new Response(null, { status: 204 }) },
    });
    const user = userEvent.setup();
    await user.click(
      within(await section('Account verwijderen')).getByRole('button', { name: 'Verwijder mijn account' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Je account verwijderen?' });
    await user.type(within(dialog).getByLabelText('Wachtwoord'), 'mijn-wachtwoord');
    await user.click(within(dialog).getByRole('button', { name: 'Account definitief verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(/Je account is verwijderd/)).toBeInTheDocument();
  });
});

describe('an Admin working as the member (decision 101)', () => {
  it('sees neither the download nor the delete button', async () => {
    renderApp({ path: '/account/privacy', account: makeAccount({ impersonatedBy: 1 }) });
    const data = await section('Mijn gegevens');
    const remove = await section('Account verwijderen');
    for (const card of [data, remove]) {
      expect(
        within(card).getByText('Dit doet het lid zelf: niet wie als het lid werkt.'),
      ).toBeInTheDocument();
      expect(within(card).queryByRole('button')).toBeNull();
    }
  });
});
