import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  applicationManager,
  communicationHandlers,
  communicationPath,
  makeMailing,
  postManager,
  settingsHandlers,
  smtpPath,
  templatesPath,
} from '../../../../test/communication-fixtures';
import { apiError, makeAccount, renderApp } from '../../../../test/utils';

// The rich-text editor (ProseMirror) measures the caret while typing; jsdom has no layout.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

describe('communication (mailings)', () => {
  it('warns without SMTP, counts the recipients and sends once after a confirmation', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: communicationPath,
      account: postManager,
      handlers: communicationHandlers(),
    });
    expect(await screen.findByText('E-mails worden niet verzonden')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Leden van een abonnement' }));
    await user.click(screen.getByRole('button', { name: 'Ontvangers tellen' }));
    expect(await screen.findByText('Kies een abonnement.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Abonnement' }));
    await user.click(await screen.findByRole('option', { name: 'Groot aandeel (2030)' }));
    await user.click(screen.getByRole('button', { name: 'Ontvangers tellen' }));
    expect(await screen.findByText('Ontvangers: 2 leden.')).toBeInTheDocument();
    expect(screen.getByText(/1 lid van deze groep wil geen e-mails/)).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path.endsWith('/recipients'))!.body).toEqual({
      audience: { kind: 'subscription', subscriptionId: 11 },
    });

    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Vul het onderwerp in.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Onderwerp' }), 'Oogstfeest');
    await user.click(screen.getByRole('textbox', { name: 'Bericht' }));
    await user.keyboard('Kom allemaal');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bericht versturen?' });
    expect(within(dialog).getByText(/gaat naar 2 leden/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    await waitFor(() =>
      expect(fetch.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/mailings'))).toHaveLength(1),
    );
    const body = fetch.calls.find((c) => c.method === 'POST' && c.path.endsWith('/mailings'))!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      audience: { kind: 'subscription', subscriptionId: 11 },
      subject: 'Oogstfeest',
      body: '<p>Kom allemaal</p>',
    });
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_:.-]{8,100}$/);
    // The toast says what happened: nothing left the farm, and who can change that (decision 094).
    expect(await screen.findByText('Niet verzonden: geen mailserver')).toBeInTheDocument();
    expect(screen.getByText(/e-mails aan 2 leden worden alleen bewaard/)).toHaveTextContent(
      'Alleen een Admin kan de mailserver instellen',
    );
  });

  it('previews the message for a real member and sends a test to me, saying it was not sent', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: communicationPath,
      account: postManager,
      handlers: communicationHandlers(),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Onderwerp' }), 'Oogstfeest');
    await user.click(screen.getByRole('textbox', { name: 'Bericht' }));
    await user.keyboard('Kom allemaal');
    await user.click(screen.getByRole('button', { name: 'Voorbeeld bekijken' }));
    expect(await screen.findByRole('heading', { name: 'Zo leest An Akker het' })).toBeInTheDocument();
    expect(screen.getByText('allemaal', { selector: 'strong' })).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path.endsWith('/mailings/preview'))!.body).toEqual({
      audience: { kind: 'all' },
      subject: 'Oogstfeest',
      body: '<p>Kom allemaal</p>',
    });
    await user.click(screen.getByRole('button', { name: 'Stuur een test naar mij' }));
    expect(await screen.findByText(/De test aan pm@plukhoeve.test wordt alleen bewaard/)).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path.endsWith('/mailings/test'))!.body).toEqual({
      subject: 'Oogstfeest',
      body: '<p>Kom allemaal</p>',
    });
    expect(fetch.calls.some((c) => c.method === 'POST' && c.path.endsWith('/mailings'))).toBe(false);
  });

  it('says the mailing is queued for n members when e-mails can leave', async () => {
    const user = userEvent.setup();
    renderApp({
      path: communicationPath,
      account: postManager,
      handlers: {
        ...communicationHandlers(),
        'POST /api/applicationManager/communication/mailings': () =>
          new Response(JSON.stringify({ ...makeMailing({ id: 7, recipients: 3 }), smtpSource: 'farm' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        'POST /api/applicationManager/communication/recipients': () =>
          new Response(JSON.stringify({ recipients: 3, optedOut: 0 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Onderwerp' }), 'Oogstfeest');
    await user.click(screen.getByRole('textbox', { name: 'Bericht' }));
    await user.keyboard('Kom');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bericht versturen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Bericht in de wachtrij')).toBeInTheDocument();
    expect(screen.getByText(/staat klaar voor 3 leden/)).toBeInTheDocument();
  });

  it('shows each mailing with its progress and, on request, every recipient', async () => {
    const user = userEvent.setup();
    renderApp({ path: communicationPath, account: postManager, handlers: communicationHandlers() });
    expect(
      await screen.findByText('Bezig met mailen: 1 van 2 e-mails verzonden, nog 1 te gaan.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Aan: Abonnement Groot aandeel \(2030\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ontvangers tonen' }));
    expect(await screen.findByText('Bert Boon')).toBeInTheDocument();
    expect(screen.getAllByText('Verzonden').length).toBeGreaterThan(0);
    // The e-mail log and the templates are the ApplicationManager's.
    expect(screen.queryByText('Alle verstuurde e-mails')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /E-mailsjablonen/ })).not.toBeInTheDocument();
  });

  it('chooses members by name in the picker, marking who wants no e-mails', async () => {
    const user = userEvent.setup();
    renderApp({ path: communicationPath, account: postManager, handlers: communicationHandlers() });
    await user.click(await screen.findByRole('radio', { name: 'Gekozen leden' }));
    await user.click(screen.getByRole('textbox', { name: 'Leden' }));
    expect(await screen.findByRole('option', { name: 'Stijn Stil (wil geen e-mails)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'An Akker' }));
    await user.click(screen.getByRole('button', { name: 'Ontvangers tellen' }));
    expect(await screen.findByText('Ontvangers: 2 leden.')).toBeInTheDocument();
  });

  it('gives the ApplicationManager the e-mail log, filtered by status, and the links to the templates', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: communicationPath,
      account: applicationManager,
      handlers: communicationHandlers([]),
    });
    expect(await screen.findByText('Je stuurde nog geen berichten aan de leden.')).toBeInTheDocument();
    expect(await screen.findByText('an@example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /E-mailsjablonen/ })).toHaveAttribute('href', templatesPath);
    expect(screen.queryByRole('link', { name: /SMTP-instellingen/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Mislukt' }));
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.path.endsWith('/emailLog') && c.url.includes('status=failed'))).toBe(
        true,
      ),
    );
  });

  it('is no place for a manager who neither mails members nor the pluk mail', async () => {
    renderApp({
      path: communicationPath,
      account: makeAccount({ roles: ['TaskManager'] }),
      handlers: communicationHandlers(),
    });
    expect((await screen.findAllByText('Geen toegang')).length).toBeGreaterThan(0);
  });
});

describe('e-mail templates', () => {
  it('saves a template, shows its placeholders and a preview with a member', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({
      path: templatesPath,
      account: applicationManager,
      handlers: settingsHandlers(),
    });
    const subject = await screen.findByRole('textbox', { name: 'Onderwerp' });
    expect(screen.getByText('{loginUrl}')).toBeInTheDocument();
    await user.clear(subject);
    await user.type(subject, 'Hallo {{firstName}');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/settings/email')).toBe(
        true,
      ),
    );
    expect(
      fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/settings/email')!.body,
    ).toMatchObject({
      name: 'welcome',
      subject: 'Hallo {firstName}',
    });
    await user.click(screen.getByRole('button', { name: 'Voorbeeld tonen' }));
    expect(await screen.findByText('Welkom bij Testhoeve!')).toBeInTheDocument();
  });

  it("shows the server's message next to the field for an unknown placeholder", async () => {
    const user = userEvent.setup();
    renderApp({
      path: templatesPath,
      account: applicationManager,
      handlers: {
        ...settingsHandlers(),
        'POST /api/admin/settings/email': () =>
          apiError(400, 'VALIDATION_ERROR', 'Onbekende plaatshouder {voornaam}.', {
            subject: 'Onbekende plaatshouder {voornaam}.',
          }),
      },
    });
    await screen.findByRole('textbox', { name: 'Onderwerp' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect((await screen.findAllByText('Onbekende plaatshouder {voornaam}.')).length).toBeGreaterThan(0);
  });
});

describe('SMTP settings', () => {
  it('never fills in the password, keeps it when left empty, and says why the test failed', async () => {
    const user = userEvent.setup();
    const { fetch } = renderApp({ path: smtpPath, account: admin, handlers: settingsHandlers() });
    const password = await screen.findByLabelText('Wachtwoord');
    expect(password).toHaveValue('');
    expect(screen.getByText('Er is een wachtwoord bewaard. Laat leeg om het te houden.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(fetch.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/settings/smtp')).toBe(
        true,
      ),
    );
    const body = fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/settings/smtp')!
      .body as Record<string, unknown>;
    expect(body).toMatchObject({ host: 'smtp.example.test', port: 587 });
    expect(body.password).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Verbinding testen' }));
    expect(await screen.findByText(/Er kan geen verbinding gemaakt worden/)).toBeInTheDocument();
  });

  it('is for an Admin only', async () => {
    renderApp({ path: smtpPath, account: applicationManager, handlers: settingsHandlers() });
    expect((await screen.findAllByText('Geen toegang')).length).toBeGreaterThan(0);
  });
});
