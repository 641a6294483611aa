import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  apiError,
  appInfo,
  json,
  makeAccount,
  renderApp,
  renderAppAfterBoot,
  signIn,
} from '../../../test/utils';
import { useAppStore } from '../../lib/store';

describe('start-up', () => {
  it('shows the plant animation while the app info loads', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    renderApp({
      path: '/login',
      handlers: {
        'GET /api/info': async () => {
          await pending;
          return json(appInfo);
        },
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('De app wordt geladen…');
    answer();
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeInTheDocument();
  });

  it('shows the update screen when the app info gets no response', async () => {
    renderApp({
      path: '/login',
      handlers: {
        'GET /api/info': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    expect(
      await screen.findByText('De app ondergaat een update. Probeer binnen enkele minuten eens opnieuw'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aanmelden' })).not.toBeInTheDocument();
  });

  it('on E001 shows the notification and logs out', async () => {
    signIn('token-1', 'refresh-1');
    const { fetch, router } = renderApp({
      path: '/',
      handlers: { 'GET /api/info': () => json({ code: 'E001', error: { code: 'E001', message: 'x' } }, 404) },
    });
    expect(await screen.findByText('Deze plukboerderij/zelfpluktuin bestaat nog niet')).toBeInTheDocument();
    expect(useAppStore.getState().auth).toEqual({ token: null, refreshToken: null, loggedIn: false });
    expect(fetch.calls.find((call) => call.path === '/api/auth/logout')?.body).toEqual({
      refreshToken: 'refresh-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('only logs other start-up errors and starts the app', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp({
      path: '/login',
      handlers: { 'GET /api/info': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.') },
    });
    expect(await screen.findByRole('button', { name: 'Aanmelden' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Pluk: loading the app info failed', expect.anything());
  });

  it('loads the account after the app info when a token exists, then shows the app', async () => {
    const { fetch } = renderApp({ path: '/', account: makeAccount() });
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    const paths = fetch.calls.map((call) => call.path);
    expect(paths.indexOf('/api/info')).toBeLessThan(paths.indexOf('/api/User'));
  });

  it('brands the document: title, theme colour and the Mantine primary colour', async () => {
    renderApp({
      path: '/login',
      handlers: {
        'GET /api/info/colors': () =>
          json({ primary: '#aa3300', secondary: '#334455', background: '#ffffff' }),
      },
    });
    await screen.findByRole('button', { name: 'Aanmelden' });
    // On a routed screen the tab names the screen and the farm (decision 053).
    await waitFor(() => expect(document.title).toBe('Aanmelden | De Plukhoeve'));
    // The colours arrive in their own request, so they may land after the title.
    await waitFor(() =>
      expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#aa3300'),
    );
    expect(document.querySelector('style[data-mantine-styles="true"]')?.textContent).toContain(
      '--mantine-color-brand-6: #aa3300',
    );
  });

  describe('run before the first render, as main.tsx does (decision 069)', () => {
    it('renders the screen at once, without the loader or a second start-up', async () => {
      const { fetch, bootStatus } = await renderAppAfterBoot({ path: '/', account: makeAccount() });
      expect(bootStatus).toBe('ready');
      // Start-up is done before the first render: no plant loader, the screen comes with its code.
      expect(screen.queryByText('De app wordt geladen…')).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
      const paths = fetch.calls.map((call) => call.path);
      expect(paths.filter((path) => path === '/api/info')).toHaveLength(1);
      expect(paths.filter((path) => path === '/api/User')).toHaveLength(1);
    });

    it('shows the update screen when the app info gets no response', async () => {
      const { bootStatus } = await renderAppAfterBoot({
        path: '/login',
        handlers: {
          'GET /api/info': () => {
            throw new TypeError('Failed to fetch');
          },
        },
      });
      expect(bootStatus).toBe('update');
      expect(
        screen.getByText('De app ondergaat een update. Probeer binnen enkele minuten eens opnieuw'),
      ).toBeInTheDocument();
    });

    it('on E001 shows the notification once the app is up, and logs out', async () => {
      signIn('token-1', 'refresh-1');
      const { router } = await renderAppAfterBoot({
        path: '/',
        handlers: {
          'GET /api/info': () => json({ code: 'E001', error: { code: 'E001', message: 'x' } }, 404),
        },
      });
      expect(await screen.findByText('Deze plukboerderij/zelfpluktuin bestaat nog niet')).toBeInTheDocument();
      expect(useAppStore.getState().auth.loggedIn).toBe(false);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });
  });
});
