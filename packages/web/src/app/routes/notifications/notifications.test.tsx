import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@pluk/contract';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeAccount, renderApp, type StubRequest } from '../../../../test/utils';

const member = makeAccount();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function inboxApi(initial: Notification[]) {
  let items = [...initial];
  const unread = () => items.filter((item) => !item.isRead).length;
  return {
    'GET /api/notification': () => json({ items, total: items.length, page: 0, pageSize: 20 }),
    'GET /api/notification/unreadCount': () => json({ count: unread() }),
    'POST /api/notification/setread/true': () => {
      const count = unread();
      items = items.map((item) => ({ ...item, isRead: true }));
      return json({ count });
    },
    ...Object.fromEntries(
      initial.flatMap((n) => [
        [
          `POST /api/notification/setread/${n.id}/true`,
          () => {
            items = items.map((item) => (item.id === n.id ? { ...item, isRead: true } : item));
            return json(items.find((item) => item.id === n.id));
          },
        ],
        [
          `POST /api/notification/setread/${n.id}/false`,
          () => {
            items = items.map((item) => (item.id === n.id ? { ...item, isRead: false } : item));
            return json(items.find((item) => item.id === n.id));
          },
        ],
        [
          `DELETE /api/notification/${n.id}`,
          () => {
            items = items.filter((item) => item.id !== n.id);
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  };
}

const confirmed: Notification = {
  id: 1,
  title: 'Je klusje is bevestigd',
  body: 'Onkruid wieden op zaterdag',
  link: '/tasks/7',
  isRead: false,
  createdAt: minutesAgo(5),
};
const welcome: Notification = {
  id: 2,
  title: 'Welkom!',
  body: 'Je account is goedgekeurd.',
  link: null,
  isRead: true,
  createdAt: minutesAgo(60 * 26),
};

describe('notifications inbox', () => {
  it('lists my notifications with their time ago and unread style', async () => {
    renderApp({ path: '/notifications', account: member, handlers: inboxApi([confirmed, welcome]) });
    expect(await screen.findByText('Je klusje is bevestigd')).toBeInTheDocument();
    expect(screen.getByText('Onkruid wieden op zaterdag')).toBeInTheDocument();
    expect(screen.getByText('5 minuten geleden')).toBeInTheDocument();
    expect(screen.getByText('gisteren')).toBeInTheDocument();
    expect(screen.getByText('1 ongelezen melding')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Markeer „Je klusje is bevestigd” als gelezen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Markeer „Welkom!” als ongelezen' })).toBeInTheDocument();
  });

  it('tapping one marks it read and opens its link in the app', async () => {
    const { fetch, router } = renderApp({
      path: '/notifications',
      account: member,
      handlers: {
        ...inboxApi([confirmed, welcome]),
        'GET /api/Task/7': () => apiError(404, 'NOT_FOUND', 'Niet gevonden.'),
      },
    });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: /Je klusje is bevestigd/ });
    expect(link).toHaveAttribute('href', '/tasks/7');
    // Without a subject it stays a button that only marks it read.
    expect(screen.queryByRole('link', { name: /Welkom!/ })).not.toBeInTheDocument();
    await user.click(within(link).getByText('Je klusje is bevestigd'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/7'));
    expect(
      fetch.calls.some((call) => call.method === 'POST' && call.path === '/api/notification/setread/1/true'),
    ).toBe(true);
  });

  it('toggles read and unread, deletes, and marks all read', async () => {
    const { fetch } = renderApp({
      path: '/notifications',
      account: member,
      handlers: inboxApi([confirmed, welcome]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Markeer „Welkom!” als ongelezen' }));
    expect(await screen.findByText('2 ongelezen meldingen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meldingen, 2 ongelezen' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await user.click(screen.getByRole('button', { name: 'Alles gelezen' }));
    expect(await screen.findByText('Geen ongelezen meldingen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alles gelezen' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Meldingen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verwijder „Welkom!”' }));
    await waitFor(() => expect(screen.queryByText('Welkom!')).not.toBeInTheDocument());
    expect(
      fetch.calls.some(
        (call: StubRequest) => call.method === 'DELETE' && call.path === '/api/notification/2',
      ),
    ).toBe(true);
  });

  it('shows the empty state', async () => {
    renderApp({ path: '/notifications', account: member, handlers: inboxApi([]) });
    expect(await screen.findByText('Geen meldingen')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    renderApp({
      path: '/notifications',
      account: member,
      handlers: { 'GET /api/notification': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.') },
    });
    expect(await screen.findByText('Er ging iets mis.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });

  it('says when this device cannot show push notifications', async () => {
    renderApp({ path: '/notifications', account: member, handlers: inboxApi([]) });
    const toggle = await screen.findByRole('switch', { name: 'Meldingen op dit toestel' });
    // Disabled from the first render (while the state is checked), so wait for the answer's text.
    await waitFor(() =>
      expect(toggle).toHaveAccessibleDescription(/Dit toestel of deze browser kan geen meldingen tonen/),
    );
    expect(toggle).toBeDisabled();
  });
});

describe('header bell', () => {
  it('shows the unread count on every default-layout screen and links to the inbox', async () => {
    renderApp({
      path: '/',
      account: member,
      handlers: { 'GET /api/notification/unreadCount': () => json({ count: 3 }) },
    });
    const bell = await screen.findByRole('link', { name: 'Meldingen, 3 ongelezen' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(within(bell).getByText('3')).toBeInTheDocument();
  });

  it('is not shown to someone waiting for approval', async () => {
    renderApp({ path: '/bestaat-niet', account: makeAccount({ isApproved: false, isActive: false }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /^Meldingen/ })).not.toBeInTheDocument();
  });
});
