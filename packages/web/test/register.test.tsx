import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, renderApp, type StubRequest } from './utils';

const taken = new Set(['bezet']);

function registerApi(overrides: Record<string, (request: StubRequest) => Response> = {}) {
  return {
    'GET /api/info/membershipExplanation': () => json({ text: 'Je betaalt per volwassene en per kind.' }),
    'GET /api/info/customRegistrationQuestion': () => json({ question: 'Hoe heb je ons leren kennen?' }),
    'POST /api/auth/register': () => json({ status: 'waiting' }, 201),
    ...overrides,
  };
}

/** validateUsername answers for every name (the stub routes exact paths). */
function withUsernames(names: string[], handlers: ReturnType<typeof registerApi>) {
  const entries = names.map((name) => [
    `GET /api/auth/validateUsername/${name}`,
    () => json({ available: !taken.has(name) }),
  ]);
  return { ...handlers, ...Object.fromEntries(entries) };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, username = 'jan') {
  await user.type(screen.getByLabelText(/^Gebruikersnaam/), username);
  await user.type(screen.getByLabelText(/^E-mailadres/), 'jan@example.be');
  await user.type(screen.getByLabelText(/^Wachtwoord/), 'geheim-genoeg');
  await user.type(screen.getByLabelText(/^Herhaal je wachtwoord/), 'geheim-genoeg');
  await user.type(screen.getByLabelText(/^Voornaam/), 'Jan');
  await user.type(screen.getByLabelText(/^Achternaam/), 'Peeters');
  await user.type(screen.getByLabelText('Gemeente'), 'Gent');
}

describe('register', () => {
  it('shows the membership explanation and the custom question', async () => {
    renderApp({ path: '/Register', handlers: registerApi() });
    expect(await screen.findByText('Je betaalt per volwassene en per kind.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Hoe heb je ons leren kennen?')).toBeInTheDocument();
  });

  it('leaves the custom question out when the app has none', async () => {
    renderApp({
      path: '/Register',
      handlers: registerApi({ 'GET /api/info/customRegistrationQuestion': () => json({ question: null }) }),
    });
    await screen.findByLabelText(/^Gebruikersnaam/);
    expect(screen.queryByLabelText('Hoe heb je ons leren kennen?')).not.toBeInTheDocument();
  });

  it('tells while typing whether the username is free, asking only after a pause', async () => {
    const { fetch } = renderApp({
      path: '/Register',
      handlers: withUsernames(['jan', 'jans', 'bezet'], registerApi()),
    });
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/^Gebruikersnaam/);
    await user.type(input, 'jans');
    expect(await screen.findByText('Deze gebruikersnaam is vrij.')).toBeInTheDocument();
    const asked = fetch.calls.filter((call) => call.path.startsWith('/api/auth/validateUsername/'));
    expect(asked.map((call) => call.path)).toEqual(['/api/auth/validateUsername/jans']); // not for 'jan' on the way
    expect(asked[0]!.headers.has('Authorization')).toBe(false);

    await user.clear(input);
    await user.type(input, 'bezet');
    expect(await screen.findByText('Deze gebruikersnaam is al in gebruik.')).toBeInTheDocument();
    expect(screen.queryByText('Deze gebruikersnaam is vrij.')).not.toBeInTheDocument();
  });

  it("validates with the contract's Dutch messages before sending", async () => {
    const { fetch } = renderApp({ path: '/Register', handlers: registerApi() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Een gebruikersnaam heeft minstens 3 tekens.')).toBeInTheDocument();
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByText('Een wachtwoord heeft minstens 8 tekens.')).toBeInTheDocument();
    expect(screen.getByText('Vul je voornaam in.')).toBeInTheDocument();
    expect(screen.getByText('Vul je achternaam in.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.path === '/api/auth/register')).toBe(false);
  });

  it('checks that both passwords are the same', async () => {
    renderApp({ path: '/Register', handlers: withUsernames(['jan'], registerApi()) });
    const user = userEvent.setup();
    await screen.findByLabelText(/^Gebruikersnaam/);
    await fillValidForm(user);
    await user.type(screen.getByLabelText(/^Herhaal je wachtwoord/), 'x');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('De wachtwoorden zijn niet gelijk.')).toBeInTheDocument();
  });

  it('adds, validates and removes household members', async () => {
    renderApp({ path: '/Register', handlers: withUsernames(['jan'], registerApi()) });
    const user = userEvent.setup();
    await screen.findByLabelText(/^Gebruikersnaam/);
    await user.click(screen.getByRole('button', { name: 'Gezinslid toevoegen' }));
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Vul de naam van het gezinslid in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verwijder gezinslid 1' }));
    expect(screen.queryByText('Vul de naam van het gezinslid in.')).not.toBeInTheDocument();
    expect(screen.getByText('Woont er nog iemand mee in je gezin? Voeg die hier toe.')).toBeInTheDocument();
  });

  it('registers and shows the waiting-list result', async () => {
    const { fetch } = renderApp({ path: '/Register', handlers: withUsernames(['jan'], registerApi()) });
    const user = userEvent.setup();
    await screen.findByLabelText(/^Gebruikersnaam/);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Gezinslid toevoegen' }));
    const member = screen.getAllByRole('textbox', { name: 'Naam' })[0]!;
    await user.type(member, 'Mia Peeters');
    await user.type(screen.getByRole('textbox', { name: 'Geboortejaar' }), '2018');
    await user.click(screen.getByRole('radio', { name: 'Kind' }));
    await user.type(screen.getByLabelText('Hoe heb je ons leren kennen?'), 'Via de markt');
    await user.click(screen.getByRole('button', { name: 'Registreren' }));

    expect(await screen.findByText('Kijk in je mailbox')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Bedankt voor je registratie, Jan!');
    const body = fetch.calls.find((call) => call.path === '/api/auth/register')?.body;
    expect(body).toEqual({
      username: 'jan',
      email: 'jan@example.be',
      password: 'geheim-genoeg',
      firstName: 'Jan',
      lastName: 'Peeters',
      phone: '',
      address: { street: '', number: '', postalCode: '', city: 'Gent' },
      householdMembers: [{ name: 'Mia Peeters', yearOfBirth: 2018, isAdult: false }],
      customQuestionAnswer: 'Via de markt',
    });
  });

  // No "e-mail taken" case any more: an address with an account gets the same 201 as a new one
  // (ADR 054); see src/app/routes/auth/register.test.tsx.

  it("maps the server's per-field messages to the inputs", async () => {
    renderApp({
      path: '/Register',
      handlers: withUsernames(
        ['jan'],
        registerApi({
          'POST /api/auth/register': () =>
            apiError(400, 'VALIDATION_ERROR', 'Niet alle gegevens zijn juist ingevuld.', {
              'address.city': 'Deze gemeente kennen we niet.',
            }),
        }),
      ),
    });
    const user = userEvent.setup();
    await screen.findByLabelText(/^Gebruikersnaam/);
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Registreren' }));
    expect(await screen.findByText('Deze gemeente kennen we niet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Gemeente')).toHaveAttribute('aria-invalid', 'true');
  });
});
