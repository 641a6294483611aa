import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../src/lib/store';
import { json, makeAccount, makeManagedUser, renderApp, type StubRequest } from './utils';

const admin = makeAccount({
  id: 1,
  username: 'admin',
  firstName: 'Ann',
  lastName: 'Admin',
  roles: ['Admin'],
});
const lien = makeAccount();
const users = [
  makeManagedUser({
    id: 1,
    username: 'admin',
    firstName: 'Ann',
    lastName: 'Admin',
    email: 'admin@example.be',
    isApproved: true,
  }),
  makeManagedUser({
    id: 3,
    username: 'lid',
    firstName: 'Lien',
    lastName: 'Lid',
    email: 'lid@example.be',
    isApproved: true,
  }),
];

describe('experimental: act as another user', () => {
  it('lets an Admin search a user, act as them, and stop again', async () => {
    const { router, fetch } = renderApp({
      path: '/applicationManager/experimental',
      account: admin,
      handlers: {
        'POST /api/applicationManager/user/paged': ({ body }: StubRequest) => {
          const filter = (body as { filter?: string }).filter?.toLowerCase();
          const items = users.filter((user) => !filter || user.username.includes(filter));
          return json({ items, total: items.length, page: 1, rowsPerPage: 20 });
        },
        'GET /api/User': ({ headers }: StubRequest) =>
          json(headers.get('X-Impersonate-User') === '3' ? lien : admin),
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Zoek een lid'), 'lid');
    await waitFor(() =>
      expect(
        fetch.calls.some((call) => (call.body as { filter?: string } | undefined)?.filter === 'lid'),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Werk als Ann Admin' })).not.toBeInTheDocument(); // not yourself
    await user.click(await screen.findByRole('button', { name: 'Werk als Lien Lid' }));

    // The banner shows in the layout left behind as well: wait for the home screen first, then look
    // for it there (a banner found earlier may be the old layout's, gone once the route changes).
    expect(await screen.findByRole('heading', { name: 'Dag Lien' })).toBeInTheDocument();
    expect(screen.getByText('Je werkt als Lien Lid')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useAppStore.getState().admin.impersonating).toEqual({ userId: 3, displayName: 'Lien Lid' });
    // The Admin-only list is never asked again as Lien (the server would answer 403).
    const pagedAsLien = fetch.calls.filter(
      (call) => call.path === '/api/applicationManager/user/paged' && call.headers.has('X-Impersonate-User'),
    );
    expect(pagedAsLien).toHaveLength(0);
    // Lien has no role: no tractor while acting as her.
    expect(screen.queryByRole('link', { name: 'Beheer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stoppen' }));
    expect(await screen.findByRole('heading', { name: 'Dag Ann' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beheer' })).toBeInTheDocument();
    expect(fetch.calls.at(-1)?.headers.has('X-Impersonate-User')).toBe(false);
  });

  it('is refused (no access) for an ApplicationManager', async () => {
    renderApp({
      path: '/applicationManager/experimental',
      account: makeAccount({ roles: ['ApplicationManager'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Geen toegang' })).toBeInTheDocument();
  });
});
