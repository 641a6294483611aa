import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, renderApp } from '../../test/utils';
import { useAppStore } from '../lib/store';
import { decideAccess, safeRedirect } from './guard';

const member = makeAccount();

describe('decideAccess', () => {
  const base = { loggedIn: true, account: member, fullPath: '/x', redirectParam: null };

  it('sends logged-out users of a login route to /login with the full intended path', () => {
    expect(
      decideAccess({
        ...base,
        access: 'member',
        loggedIn: false,
        account: undefined,
        fullPath: '/account/edit?tab=1',
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Faccount%2Fedit%3Ftab%3D1',
    });
  });

  it('sends a logged-in user away from /login: to the redirect, or /', () => {
    expect(decideAccess({ ...base, access: 'guest' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ ...base, access: 'guest', redirectParam: '/account' })).toEqual({
      kind: 'redirect',
      to: '/account',
    });
    expect(decideAccess({ ...base, access: 'guest', redirectParam: '//evil.example' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('lands staff on the to-do list after signing in, members on the home (decision 092)', () => {
    const staff = makeAccount({ roles: ['TaskManager'] });
    expect(decideAccess({ ...base, account: staff, access: 'guest' })).toEqual({
      kind: 'redirect',
      to: '/applicationManager',
    });
    // A redirect still wins; before the account is in, the guard waits.
    expect(decideAccess({ ...base, account: staff, access: 'guest', redirectParam: '/tasks' })).toEqual({
      kind: 'redirect',
      to: '/tasks',
    });
    expect(decideAccess({ ...base, account: undefined, access: 'guest' })).toEqual({ kind: 'loading' });
    // A role on an account still waiting for approval leads nowhere but the home (then the waiting page).
    const waitingStaff = makeAccount({ roles: ['TaskManager'], isApproved: false, isActive: false });
    expect(decideAccess({ ...base, account: waitingStaff, access: 'guest' })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('lets a user who is signing out reach /login', () => {
    expect(decideAccess({ ...base, access: 'guest', signingOut: true })).toEqual({ kind: 'allow' });
  });

  it('sends unapproved or inactive users to /RestrictedUserPage, and approved ones away from it', () => {
    const waiting = makeAccount({ isApproved: false, isActive: false });
    const inactive = makeAccount({ isActive: false });
    expect(decideAccess({ ...base, access: 'member', account: waiting })).toEqual({
      kind: 'redirect',
      to: '/RestrictedUserPage',
    });
    expect(decideAccess({ ...base, access: 'manager', account: inactive })).toEqual({
      kind: 'redirect',
      to: '/RestrictedUserPage',
    });
    expect(decideAccess({ ...base, access: 'restricted', account: waiting })).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...base, access: 'restricted' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets a visitor read /RestrictedUserPage without logging in (decision 091)', () => {
    expect(decideAccess({ ...base, access: 'restricted', loggedIn: false, account: undefined })).toEqual({
      kind: 'allow',
    });
  });

  it('checks the manager roles', () => {
    const eventManager = makeAccount({ roles: ['EventManager'] });
    const applicationManager = makeAccount({ roles: ['ApplicationManager'] });
    const admin = makeAccount({ roles: ['Admin'] });
    expect(decideAccess({ ...base, access: 'manager' }).kind).toBe('forbidden');
    expect(decideAccess({ ...base, access: 'manager', account: eventManager }).kind).toBe('allow');
    expect(decideAccess({ ...base, access: 'applicationManager', account: eventManager }).kind).toBe(
      'forbidden',
    );
    expect(decideAccess({ ...base, access: 'applicationManager', account: applicationManager }).kind).toBe(
      'allow',
    );
    expect(decideAccess({ ...base, access: 'admin', account: applicationManager }).kind).toBe('forbidden');
    expect(decideAccess({ ...base, access: 'admin', account: admin }).kind).toBe('allow');
  });

  it('waits for the account of a logged-in user', () => {
    expect(decideAccess({ ...base, access: 'member', account: undefined })).toEqual({ kind: 'loading' });
  });

  it('only follows same-app redirects', () => {
    expect(safeRedirect('/account?x=1')).toBe('/account?x=1');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
  });
});

describe('route guard in the app', () => {
  it('sends a logged-out visitor of /account/edit?tab=2 to /login?redirect=…', async () => {
    const { router } = renderApp({ path: '/account/edit?tab=2' });
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Faccount%2Fedit%3Ftab%3D2');
  });

  it('sends a logged-in user opening /login to /', async () => {
    const { router } = renderApp({ path: '/login', account: member });
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs in and goes to the redirect, loading the account', async () => {
    const { router, fetch } = renderApp({
      path: '/login?redirect=%2Faccount%2Fdata',
      handlers: {
        'POST /api/auth/login': () => json({ token: 'token-1', refreshToken: 'refresh-1' }),
        'GET /api/User': ({ headers }) =>
          headers.get('Authorization') === 'Bearer token-1'
            ? json(member)
            : apiError(401, 'UNAUTHORIZED', 'Nee'),
        'GET /api/User/ContactData/3': () => json(member.contactData),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gebruikersnaam of e-mailadres'), 'lid');
    await user.type(screen.getByLabelText('Wachtwoord'), 'pluk-demo');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));

    expect(await screen.findByText('0470 12 34 56')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/data');
    expect(useAppStore.getState().auth).toEqual({
      token: 'token-1',
      refreshToken: 'refresh-1',
      loggedIn: true,
    });
    expect(fetch.calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({
      username: 'lid',
      password: 'pluk-demo',
    });
  });

  it('shows the Dutch error of a failed login', async () => {
    renderApp({
      path: '/login',
      handlers: {
        'POST /api/auth/login': () =>
          apiError(401, 'INVALID_CREDENTIALS', 'Gebruikersnaam of wachtwoord is onjuist.'),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByText('Vul je gebruikersnaam of e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByText('Vul je wachtwoord in.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Gebruikersnaam of e-mailadres'), 'lid');
    await user.type(screen.getByLabelText('Wachtwoord'), 'fout');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gebruikersnaam of wachtwoord is onjuist.');
  });

  it('sends an unapproved user to /RestrictedUserPage, which offers logout', async () => {
    const waiting = makeAccount({ isApproved: false, isActive: false, firstName: 'Wout' });
    const { router } = renderApp({ path: '/account', account: waiting });
    expect(
      await screen.findByRole('heading', { name: 'Je account wacht op goedkeuring' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/RestrictedUserPage');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Afmelden' }));
    await waitFor(() => expect(useAppStore.getState().auth.loggedIn).toBe(false));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('shows a visitor /RestrictedUserPage without a login, with the way to log in', async () => {
    const { router } = renderApp({ path: '/RestrictedUserPage' });
    expect(
      await screen.findByRole('heading', { name: 'Je account wacht op goedkeuring' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/keurt een beheerder van .* je account goed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar aanmelden' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Afmelden' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/RestrictedUserPage');
  });

  it('shows the no-access page to a member opening the manager area', async () => {
    renderApp({ path: '/applicationManager', account: member });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });

  it('shows the no-access page to an EventManager opening the waiting list', async () => {
    renderApp({
      path: '/applicationManager/users/waiting-list',
      account: makeAccount({ roles: ['EventManager'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp({ path: '/bestaat-niet', account: member });
    expect(
      await screen.findByRole('heading', { name: 'Pagina niet gevonden', level: 2 }),
    ).toBeInTheDocument();
  });
});
