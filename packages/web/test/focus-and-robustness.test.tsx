import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../src/lib/store';
import { apiError, json, makeAccount, renderApp } from './utils';

const member = makeAccount();
const contactData = { 'GET /api/User/ContactData/3': () => json(member.contactData) };

describe('focus', () => {
  it('leaves the first page alone, then moves focus to the page title after each navigation', async () => {
    const { router } = renderApp({ path: '/', account: member, handlers: contactData });
    await screen.findByRole('heading', { name: 'Dag Lien' });
    expect(document.body).toHaveFocus();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Mijn account' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Mijn account' })).toHaveFocus(),
    );

    await act(() => router.navigate('/account/data'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Mijn contactgegevens' })).toHaveFocus(),
    );
  });

  it('moves focus to the title of the login page when a logged-out visitor is sent there', async () => {
    const { router } = renderApp({ path: '/login' });
    await screen.findByRole('button', { name: 'Aanmelden' });
    await act(() => router.navigate('/account'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(router.state.location.search).toBe('?redirect=%2Faccount');
  });

  it('after a submit with errors, focuses the first invalid field, which names its error', async () => {
    renderApp({ path: '/login' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Aanmelden' }));
    const username = screen.getByLabelText('Gebruikersnaam of e-mailadres');
    await waitFor(() => expect(username).toHaveFocus());
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(/.+/);
    expect(screen.getByLabelText('Wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });

  it('focuses the announced form error when the server refuses without a field', async () => {
    renderApp({
      path: '/login',
      handlers: {
        'POST /api/auth/login': () =>
          apiError(401, 'INVALID_CREDENTIALS', 'Gebruikersnaam of wachtwoord is onjuist.'),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gebruikersnaam of e-mailadres'), 'lid');
    await user.type(screen.getByLabelText('Wachtwoord'), 'verkeerd-wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Gebruikersnaam of wachtwoord is onjuist.');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('focuses the first invalid field of the profile after the server names it', async () => {
    renderApp({
      path: '/account/edit',
      account: member,
      handlers: {
        'POST /api/User/update': () => apiError(409, 'EMAIL_TAKEN', 'Dit e-mailadres is al in gebruik.'),
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Opslaan' }));
    const email = screen.getByLabelText(/^E-mailadres/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Dit e-mailadres is al in gebruik.');
  });
});

describe('mobile input types', () => {
  it('asks for the right keyboard and autofill on the register form', async () => {
    renderApp({
      path: '/Register',
      handlers: {
        'GET /api/info/membershipExplanation': () => json({ text: '' }),
        'GET /api/info/customRegistrationQuestion': () => json({ question: null }),
      },
    });
    const username = await screen.findByLabelText(/^Gebruikersnaam/);
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toHaveAttribute('autocapitalize', 'none');
    expect(screen.getByLabelText(/^E-mailadres/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^E-mailadres/)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(/^Wachtwoord/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(/^Telefoon/)).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/^Telefoon/)).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('autocomplete', 'postal-code');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gezinslid toevoegen' }));
    const year = screen.getByLabelText('Geboortejaar');
    expect(year).toHaveAttribute('inputmode', 'numeric');
    expect(year).toHaveAttribute('pattern', '[0-9]*');
  });

  it('marks the login password as the current one', async () => {
    renderApp({ path: '/login' });
    expect(await screen.findByLabelText('Wachtwoord')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Gebruikersnaam of e-mailadres')).toHaveAttribute(
      'autocomplete',
      'username',
    );
  });
});

describe('double submits', () => {
  it('sends a login once however often the button is pressed while it is pending', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    const { fetch } = renderApp({
      path: '/login',
      handlers: {
        'POST /api/auth/login': async () => {
          await pending;
          return json({ token: 'token-2', refreshToken: 'refresh-2' });
        },
        'GET /api/User': () => json(member),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gebruikersnaam of e-mailadres'), 'lid');
    await user.type(screen.getByLabelText('Wachtwoord'), 'pluk-demo');
    const button = screen.getByRole('button', { name: 'Aanmelden' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    await user.type(screen.getByLabelText('Wachtwoord'), '{Enter}');
    expect(fetch.calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(1);
    answer();
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
  });

  it('disables the profile save while it is being saved', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    const { fetch } = renderApp({
      path: '/account/edit',
      account: member,
      handlers: {
        'POST /api/User/update': async () => {
          await pending;
          return json(member);
        },
      },
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Opslaan' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    await user.click(save);
    expect(fetch.calls.filter((call) => call.path === '/api/User/update')).toHaveLength(1);
    answer();
  });
});

describe('the server stops answering mid-session', () => {
  it('keeps the screen, says so in Dutch with a retry, and clears once the server answers', async () => {
    let online = false;
    renderApp({
      path: '/account/data',
      account: member,
      handlers: {
        'GET /api/User/ContactData/3': () => {
          if (!online) throw new TypeError('Failed to fetch');
          return json(member.contactData);
        },
        // Every request fails while the server is away: the start-up's questionnaire check (asked once the
        // screen is up and the browser idle) would otherwise answer, which rightly clears the notice.
        'GET /api/QuestionsForNextYear': () => {
          if (!online) throw new TypeError('Failed to fetch');
          return json({ questionnaire: null });
        },
      },
    });
    // The header and the page stay; the notice and the section's error state both offer a retry.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mijn contactgegevens' }),
    ).toBeInTheDocument();
    const notice = await screen.findByText('Geen verbinding met de server.');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(await screen.findByText(/Controleer je internetverbinding/)).toBeInTheDocument();

    online = true;
    const bar = notice.closest<HTMLElement>('[role="alert"]')!;
    await userEvent.setup().click(within(bar).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Kerkstraat 5, 9000 Gent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Geen verbinding met de server.')).not.toBeInTheDocument());
  });

  it('shows the notice when the browser goes offline', async () => {
    renderApp({ path: '/', account: member });
    await screen.findByRole('heading', { name: 'Dag Lien' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // Offline, the bar says so (decision 102): the home's answers stay, with when they date from.
    expect(await screen.findByText(/^Je bent offline\. Je ziet de gegevens van /)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    // Back online: TanStack Query resumes (its online state is global, so restore it for other tests).
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  });

  it('tells a member who saves without a connection, on the form', async () => {
    renderApp({
      path: '/account/editpassword',
      account: member,
      handlers: {
        'POST /api/user/ChangePassword': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Huidig wachtwoord'), 'pluk-demo');
    await user.type(screen.getByLabelText(/^Nieuw wachtwoord/), 'nieuw-geheim-1');
    await user.type(screen.getByLabelText('Herhaal je nieuwe wachtwoord'), 'nieuw-geheim-1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord wijzigen' }));
    const formError = await screen.findByText(/Controleer je internetverbinding/);
    await waitFor(() => expect(formError.closest('[data-form-error]')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeEnabled();
  });
});

describe('session end', () => {
  it('a refresh that fails clears the session and lands on /login without a crash', async () => {
    // jsdom cannot load /login (the forced logout's page load); it only logs that.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderApp({
      path: '/account',
      account: member,
      handlers: {
        'GET /api/User/ContactData/3': () => apiError(401, 'UNAUTHORIZED', 'Je bent niet (meer) aangemeld.'),
        'POST /api/auth/RefreshLogin': () => json({ errors: ['expired'] }),
      },
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Mijn contactgegevens' }));
    await waitFor(() => expect(useAppStore.getState().auth.loggedIn).toBe(false));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeInTheDocument();
  });

  it('going back after logout shows the login page, not the member data', async () => {
    const { router } = renderApp({ path: '/account/data', account: member, handlers: contactData });
    expect(await screen.findByText('Kerkstraat 5, 9000 Gent')).toBeInTheDocument();
    await act(() => router.navigate('/account'));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Faccount%2Fdata');
    expect(screen.queryByText('Kerkstraat 5, 9000 Gent')).not.toBeInTheDocument();
    expect(screen.queryByText(/lid@example.be/)).not.toBeInTheDocument();
  });
});
