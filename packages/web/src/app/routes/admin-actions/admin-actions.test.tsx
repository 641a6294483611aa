import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, renderApp } from '../../../../test/utils';

const admin = makeAccount({ id: 1, roles: ['Admin'], firstName: 'Ann', lastName: 'Admin' });
const bankManager = makeAccount({ id: 4, roles: ['BankManager'] });
const actionsPath = '/applicationManager/settings/Actions';
const createPath = '/applicationManager/settings/CreateNewApp';
const resendApi = '/api/Admin/AdminAction/ReSendWelcomeEmails';
const resetApi = '/api/Admin/AdminAction/ResetAllPasswords';
const removeApi = '/api/Admin/AdminAction/removeApp';
const createApi = '/api/Admin/AdminAction/createApp';

describe('administration actions', () => {
  it('lists every bulk action for an Admin', async () => {
    renderApp({ path: '/applicationManager/administration-actions', account: admin });
    const list = await screen.findByRole('list', { name: 'Administratieve acties' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.querySelector('p')?.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        'Jaarlijkse transacties aanmaken',
        '/applicationManager/administration-actions/create-yearly-transactions',
      ],
      ['Herinschrijvingsrondes', '/applicationManager/administration-actions/IntentionPolicy'],
      ['Vragenlijsten aanmaken', '/applicationManager/administration-actions/createQuestionsForNextYear'],
      ['Acties voor de Admin', '/applicationManager/settings/Actions'],
      ['Nieuwe boerderij maken', '/applicationManager/settings/CreateNewApp'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Administratieve acties' })).toBeInTheDocument();
  });

  it('shows a BankManager only the yearly transactions', async () => {
    renderApp({ path: '/applicationManager/administration-actions', account: bankManager });
    const list = await screen.findByRole('list', { name: 'Administratieve acties' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link')).toHaveTextContent('Jaarlijkse transacties aanmaken');
  });

  it('is reached from a tile on the manager home', async () => {
    renderApp({ path: '/applicationManager', account: admin });
    expect(await screen.findByRole('link', { name: /Administratieve acties/ })).toHaveAttribute(
      'href',
      '/applicationManager/administration-actions',
    );
  });
});

describe('the Admin actions', () => {
  it('sends the welcome e-mails again after a confirmation and says how many', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: actionsPath,
      account: admin,
      handlers: { [`GET ${resendApi}`]: () => json({ queued: 12, skipped: 3 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Welkomstmails opnieuw sturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welkomstmails opnieuw sturen?' });
    expect(fetch.calls.some((call) => call.path === resendApi)).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, stuur de welkomstmails' }));
    expect(
      await screen.findByText('12 leden krijgen de welkomstmail. 3 leden kregen hem vandaag al.'),
    ).toBeInTheDocument();
  });

  it('resets every password after a confirmation, and can be cancelled', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: actionsPath,
      account: admin,
      handlers: { [`GET ${resetApi}`]: () => json({ queued: 1, skipped: 0 }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Alle wachtwoorden resetten' }));
    let dialog = await screen.findByRole('dialog', { name: 'Alle wachtwoorden resetten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.calls.some((call) => call.path === resetApi)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Alle wachtwoorden resetten' }));
    dialog = await screen.findByRole('dialog', { name: 'Alle wachtwoorden resetten?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, stuur de links' }));
    expect(await screen.findByText('1 lid krijgt een link voor een nieuw wachtwoord.')).toBeInTheDocument();
  });

  it('removes the farm only with its name typed, then signs out', async () => {
    const user = userEvent.setup();
    const { fetch, router } = renderApp({
      path: actionsPath,
      account: admin,
      handlers: {
        [`GET ${removeApi}`]: (request) =>
          new URL(request.url, 'http://x').searchParams.get('confirmName') === 'De Plukhoeve'
            ? json({ appId: 'plukhoeve', name: 'De Plukhoeve' })
            : apiError(400, 'VALIDATION_ERROR', 'Dat is niet de naam van deze boerderij.', {
                confirmName: 'Dat is niet de naam van deze boerderij.',
              }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deze boerderij verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'De Plukhoeve verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijder voorgoed' }));
    expect(
      await within(dialog).findByText('Typ de naam van de boerderij om te bevestigen.'),
    ).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === removeApi)).toBe(false);
    const name = within(dialog).getByRole('textbox', { name: /Naam van de boerderij/ });
    await user.type(name, 'Plukhoeve');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijder voorgoed' }));
    expect(await within(dialog).findByText('Dat is niet de naam van deze boerderij.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.type(name, 'De Plukhoeve');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijder voorgoed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetch.calls.some((call) => call.path === '/api/auth/logout')).toBe(true);
  });

  it('is for an Admin only', async () => {
    renderApp({ path: actionsPath, account: makeAccount({ roles: ['ApplicationManager'] }) });
    expect((await screen.findAllByText(/geen toegang/i)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Deze boerderij verwijderen' })).not.toBeInTheDocument();
  });
});

describe('a new farm', () => {
  async function fillForm(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByRole('textbox', { name: 'Naam' }), 'De Nieuwe Hoeve');
    await user.type(screen.getByRole('textbox', { name: 'App-id' }), 'nieuw');
    await user.type(screen.getByRole('textbox', { name: 'Hostnamen' }), 'nieuw.localhost, nieuw.pluk.be');
    await user.click(screen.getByRole('radio', { name: /Coöperatie/ }));
    const primary = screen.getByRole('textbox', { name: 'Hoofdkleur' });
    await user.clear(primary);
    await user.type(primary, '#123456');
    await user.type(screen.getByRole('textbox', { name: 'Voornaam' }), 'Eva');
    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'Eerste');
    await user.type(screen.getByRole('textbox', { name: 'Gebruikersnaam' }), 'eva');
    await user.type(screen.getByRole('textbox', { name: 'E-mailadres' }), 'eva@nieuw.be');
    await user.type(screen.getByLabelText(/^Wachtwoord/), 'een-lang-wachtwoord');
  }

  it("checks the fields with the contract's rules before it asks the server", async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path: createPath, account: admin });
    await user.type(await screen.findByRole('textbox', { name: 'App-id' }), 'Nieuwe Hoeve');
    await user.type(screen.getByRole('textbox', { name: 'Hostnamen' }), 'http://nieuw.be');
    await user.click(screen.getByRole('button', { name: 'Boerderij maken' }));
    expect(await screen.findByText('Vul de naam van de boerderij in.')).toBeInTheDocument();
    expect(screen.getByText(/Een app-id bevat enkel kleine letters/)).toBeInTheDocument();
    expect(screen.getByText(/Een hostnaam is zoals/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveFocus();
    expect(fetch.calls.some((call) => call.path === createApi)).toBe(false);
  });

  it('makes the farm and links to its address', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: createPath,
      account: admin,
      handlers: {
        [`POST ${createApi}`]: () =>
          json(
            {
              appId: 'nieuw',
              name: 'De Nieuwe Hoeve',
              hosts: ['nieuw.localhost', 'nieuw.pluk.be'],
              address: 'http://nieuw.localhost:3000',
              adminUserId: 1,
            },
            201,
          ),
      },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Boerderij maken' }));
    expect(await screen.findByText('De Nieuwe Hoeve is klaar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open http://nieuw.localhost:3000' })).toHaveAttribute(
      'href',
      'http://nieuw.localhost:3000',
    );
    const sent = fetch.calls.find((call) => call.path === createApi)!.body as FormData;
    expect(Object.fromEntries(sent.entries())).toEqual({
      name: 'De Nieuwe Hoeve',
      appId: 'nieuw',
      hosts: 'nieuw.localhost,nieuw.pluk.be',
      colorPrimary: '#123456',
      colorSecondary: '#8bc34a',
      colorBackground: '#f5f9f0',
      localeVariant: 'nl-be-cooperative',
      adminFirstName: 'Eva',
      adminLastName: 'Eerste',
      adminUsername: 'eva',
      adminEmail: 'eva@nieuw.be',
      adminPassword: 'een-lang-wachtwoord',
    });
  });

  it("shows the server's refusal under its field", async () => {
    const user = userEvent.setup();
    renderApp({
      path: createPath,
      account: admin,
      handlers: {
        [`POST ${createApi}`]: () =>
          apiError(409, 'HOST_TAKEN', 'Een andere boerderij gebruikt nieuw.localhost al.', {
            hosts: 'Een andere boerderij gebruikt nieuw.localhost al.',
          }),
      },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Boerderij maken' }));
    expect(await screen.findByText('Een andere boerderij gebruikt nieuw.localhost al.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Hostnamen' })).toHaveFocus());
  });
});
