import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appInfo, impersonate, json, makeAccount, renderApp } from '../../../test/utils';
import { useAppStore } from '../../lib/store';
import { managerBackTarget } from './manager-layout';
import { parentPath } from './modal-layout';

const member = makeAccount();
const manager = makeAccount({ roles: ['ApplicationManager'], firstName: 'Bert' });
const waitingListHandlers = {
  'POST /api/applicationManager/user/paged': () => json({ items: [], total: 0, page: 1, rowsPerPage: 50 }),
};

describe('default layout', () => {
  it('has the five footer tabs of the spec, in order', async () => {
    renderApp({ path: '/', account: member });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Pluk', '/pluk'],
      ['Evenementen', '/events'],
      ['Markt', '/market'],
      ['Klusjes', '/tasks'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the tractor to the manager area only for users with a role', async () => {
    renderApp({ path: '/', account: member });
    await screen.findByRole('heading', { name: 'Dag Lien' });
    expect(screen.queryByRole('link', { name: 'Beheer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mijn account' })).toHaveAttribute('href', '/account');
  });

  it('shows the tractor for a specific manager role', async () => {
    renderApp({ path: '/', account: makeAccount({ roles: ['TaskManager'] }) });
    expect(await screen.findByRole('link', { name: 'Beheer' })).toHaveAttribute(
      'href',
      '/applicationManager',
    );
  });

  it('takes its header title from the route', async () => {
    renderApp({ path: '/', account: member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('names the browser tab after the screen and the farm (WCAG 2.4.2)', async () => {
    renderApp({ path: '/', account: member });
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await waitFor(() => expect(document.title).toBe(`Home | ${appInfo.appName}`));
    await userEvent
      .setup()
      .click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Klusjes' }));
    await screen.findByRole('heading', { level: 1, name: 'Klusjes' });
    await waitFor(() => expect(document.title).toBe(`Klusjes | ${appInfo.appName}`));
  });
});

describe('application-manager layout', () => {
  it('computes the back target: only beyond two segments, one level up', () => {
    expect(managerBackTarget('/applicationManager')).toBeNull();
    expect(managerBackTarget('/applicationManager/experimental')).toBeNull();
    expect(managerBackTarget('/applicationManager/users/waiting-list')).toBe('/applicationManager/users');
    expect(managerBackTarget('/applicationManager/crops/4/edit')).toBe('/applicationManager/crops/4');
  });

  it('has no back button on a two-segment path, and home and manager shortcuts', async () => {
    renderApp({
      path: '/applicationManager/experimental',
      account: makeAccount({ roles: ['Admin'] }),
      handlers: waitingListHandlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Experimenteel' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terug' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Startpagina' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Beheer' })).toHaveAttribute('href', '/applicationManager');
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();
  });

  it('shows a back button one level up on a deeper path', async () => {
    renderApp({
      path: '/applicationManager/users/waiting-list',
      account: manager,
      handlers: waitingListHandlers,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wachtlijst' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug' })).toHaveAttribute('href', '/applicationManager/users');
  });
});

describe('modal layout', () => {
  it('computes the parent path for a page opened directly', () => {
    expect(parentPath('/account/edit')).toBe('/account');
  });

  it('closes by going back one step in the history', async () => {
    const { router } = renderApp({ path: '/account', account: member });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Wachtwoord wijzigen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wachtwoord wijzigen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/editpassword');

    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.historyAction).toBe('POP');
  });
});

describe('detail and empty layouts', () => {
  it('detail: title and the back link the route names', async () => {
    renderApp({ path: '/account/privacy', account: member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug' })).toHaveAttribute('href', '/account');
  });

  it('empty: the login page has no header bar and no tabs', async () => {
    renderApp({ path: '/login' });
    await screen.findByRole('button', { name: 'Aanmelden' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('cooperative variant', () => {
  const cooperative = { ...appInfo, localeVariant: 'nl-be-cooperative' as const };
  const registerHandlers = {
    'GET /api/info/membershipExplanation': () => json({ text: '' }),
    'GET /api/info/customRegistrationQuestion': () => json({ question: null }),
  };

  it("uses the route's cooperative title and the cooperative wording", async () => {
    renderApp({ path: '/Register', info: cooperative, handlers: registerHandlers });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lid worden van de coöperatie' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Word lid van onze coöperatie/)).toBeInTheDocument();
  });

  it('uses the default title for the nl-be variant', async () => {
    renderApp({ path: '/Register', handlers: registerHandlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registreren' })).toBeInTheDocument();
  });

  it('names the harvest tab after the offer and falls back to nl-be for the rest', async () => {
    renderApp({ path: '/', account: member, info: cooperative });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Aanbod' })).toHaveAttribute('href', '/pluk');
    expect(within(nav).getByRole('link', { name: 'Klusjes' })).toBeInTheDocument();
  });
});

describe('impersonation banner', () => {
  it('shows on every layout and stops impersonating', async () => {
    impersonate({ userId: 3, displayName: 'Lien Lid' });
    const { router, fetch } = renderApp({ path: '/', account: member });
    expect(await screen.findByText('Je werkt als Lien Lid')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.path === '/api/User')?.headers.get('X-Impersonate-User')).toBe(
      '3',
    );

    await router.navigate('/account/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profiel bewerken' })).toBeInTheDocument();
    expect(screen.getByText('Je werkt als Lien Lid')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Stoppen' }));
    await waitFor(() => expect(screen.queryByText('Je werkt als Lien Lid')).not.toBeInTheDocument());
    expect(useAppStore.getState().admin.impersonating).toBeNull();
  });
});
