import { QueryClient, onlineManager, type QueryKey } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskDetail } from '@pluk/contract';
import { taskRoutes } from '@pluk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../src/features/auth/api/logout';
import { createApiClient } from '../src/lib/api-client';
import { formatMoment } from '../src/lib/dates';
import { offlineMessage } from '../src/lib/errors';
import {
  isKeptQuery,
  keepOfflineCache,
  offlineCacheKey,
  offlineCacheMaxAgeMs,
  restoreOfflineCache,
  sessionOwner,
} from '../src/lib/offline-cache';
import nl from '../src/locales/nl-be/common.json';
import { appInfo, impersonate, json, makeAccount, renderApp, signIn } from './utils';

/** An access token as the server signs them, as far as the app reads it: `sub` and `app` (decision 102). */
function tokenOf(userId: number, app = 'plukhoeve'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: userId, app, sid: 'abc', iat: 1, exp: 2 })}.signature`;
}

const member = makeAccount();
const colors = { primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' };

function makeChore(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    id: 5,
    title: 'Aardbeien uitplanten',
    description: 'We planten 300 aardbeiplanten.',
    location: 'Serre',
    startsAt: new Date(2030, 5, 8, 9, 0).toISOString(),
    endsAt: new Date(2030, 5, 8, 12, 0).toISOString(),
    places: 4,
    creditsPerPerson: 3,
    isClosed: false,
    placesTaken: 1,
    placesLeft: 3,
    isFull: false,
    hasStarted: false,
    hasEnded: false,
    myStatus: null,
    myAssignmentId: null,
    helpers: [{ firstName: 'Jef', status: 'confirmed' }],
    ...overrides,
  };
}

const kept = () => localStorage.getItem(offlineCacheKey);
const keptKeys = () =>
  (
    JSON.parse(kept() ?? '{"state":{"queries":[]}}') as { state: { queries: Array<{ queryKey: QueryKey }> } }
  ).state.queries.map((query) => query.queryKey);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** Answers as the app keeps them while online: set in a client that `keepOfflineCache` watches. */
async function keepAnswers(answers: Array<[QueryKey, unknown]>, updatedAt = Date.now()): Promise<void> {
  const source = new QueryClient();
  const stop = keepOfflineCache(source, 0);
  for (const [key, data] of answers) source.setQueryData(key, data, { updatedAt });
  await settle();
  stop();
}

/** The browser without a network, as TanStack Query and the API client read it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => onlineManager.setOnline(false));
}

beforeEach(() => localStorage.clear());
afterEach(() => onlineManager.setOnline(true));

describe('the answers kept for offline reading (decision 102)', () => {
  it('keeps only the listed screens’ queries', () => {
    for (const key of [
      ['info'],
      ['info', 'colors'],
      ['account'],
      ['tasks', 'home'],
      ['tasks', 'mine'],
      ['tasks', 'detail', 5],
      ['events', 'list', { page: 0 }],
      ['pluk', 'week'],
      ['pluk', 'detail', 3, 4],
      ['subscriptions', 'mine', 4],
      ['subscriptions', 'membership'],
      ['bank', 'mine'],
      ['bank', 'public', 'abc'],
    ])
      expect(isKeptQuery(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      ['account', 'avatar', 2],
      ['account', 'calendar'],
      ['tasks', 'manager', 'list'],
      ['tasks', 'open'],
      ['events', 'manager', 'list', {}],
      ['subscriptions', 'manager', 'list', 2030],
      ['bank', 'paymentReturn', 'abc'],
      ['market', 'list', {}],
      ['users'],
    ])
      expect(isKeptQuery(key), JSON.stringify(key)).toBe(false);
  });

  it('keeps the signed-in user’s answers, puts them back for that user only, and not once a week old', async () => {
    signIn(tokenOf(3));
    expect(sessionOwner()).toBe('plukhoeve:3');
    await keepAnswers([
      [['tasks', 'mine'], { items: ['mijn klusje'] }],
      [['tasks', 'manager', 'list'], { items: ['beheer'] }],
    ]);
    expect(keptKeys()).toEqual([['tasks', 'mine']]);

    const again = new QueryClient();
    expect(restoreOfflineCache(again, 'plukhoeve:3')).toBe(true);
    expect(again.getQueryData(['tasks', 'mine'])).toEqual({ items: ['mijn klusje'] });
    expect(again.getQueryData(['tasks', 'manager', 'list'])).toBeUndefined();

    // Another user (or another farm) on this browser gets nothing, and the kept answers go.
    const other = new QueryClient();
    expect(restoreOfflineCache(other, 'plukhoeve:4')).toBe(false);
    expect(other.getQueryData(['tasks', 'mine'])).toBeUndefined();
    expect(kept()).toBeNull();

    await keepAnswers([[['tasks', 'mine'], { items: ['oud'] }]]);
    const late = new QueryClient();
    expect(restoreOfflineCache(late, 'plukhoeve:3', Date.now() + offlineCacheMaxAgeMs + 1)).toBe(false);
    expect(late.getQueryData(['tasks', 'mine'])).toBeUndefined();
  });

  it('adds each visit’s answers to what earlier visits kept (a reload between two screens)', async () => {
    signIn(tokenOf(3));
    await keepAnswers([[['pluk', 'week'], { crops: ['sla'] }]]);
    await keepAnswers([[['tasks', 'mine'], { items: ['mijn klusje'] }]]);
    const again = new QueryClient();
    restoreOfflineCache(again, 'plukhoeve:3');
    expect(again.getQueryData(['pluk', 'week'])).toEqual({ crops: ['sla'] });
    expect(again.getQueryData(['tasks', 'mine'])).toEqual({ items: ['mijn klusje'] });
  });

  it('keeps nothing while an Admin works as a member, and wipes what was kept at logout', async () => {
    signIn(tokenOf(3));
    await keepAnswers([[['tasks', 'mine'], { items: [] }]]);
    expect(kept()).not.toBeNull();
    const queryClient = new QueryClient();
    keepOfflineCache(queryClient, 0);
    await act(() => endSession(queryClient));
    expect(kept()).toBeNull();

    signIn(tokenOf(1));
    await keepAnswers([[['tasks', 'mine'], { items: [] }]]);
    expect(kept()).not.toBeNull();
    const watched = new QueryClient();
    const stop = keepOfflineCache(watched, 0);
    act(() => impersonate({ userId: 3, displayName: 'Lien Lid' }));
    expect(kept()).toBeNull();
    watched.setQueryData(['tasks', 'mine'], { items: ['van Lien'] });
    await settle();
    expect(kept()).toBeNull();
    stop();
  });

  it('a change asked offline is refused at once, never sent; a GET is still asked', async () => {
    const fetch = vi.fn(async () => json(makeChore()));
    const client = createApiClient({
      fetch,
      session: {
        getToken: () => 'token',
        getRefreshToken: () => 'refresh',
        getImpersonatedUserId: () => null,
        setTokens: () => {},
        clearTokens: () => {},
        syncFromStorage: () => {},
      },
      sleep: async () => {},
      onForcedLogout: () => {},
      crossTabLock: (_name, task) => task(false),
      isOffline: () => true,
    });
    await expect(client.request(taskRoutes.take, { body: { taskId: 5 } })).rejects.toMatchObject({
      code: 'OFFLINE',
      status: 0,
      message: offlineMessage,
    });
    expect(fetch).not.toHaveBeenCalled();
    await client.request(taskRoutes.detail, { params: { id: 5 } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(offlineMessage).toBe(nl.errors.offline);
  });
});

describe('a chore’s page without network (decision 102)', () => {
  it('shows the kept chore with the offline bar and its time, and refuses taking it with a clear message', async () => {
    signIn(tokenOf(member.id));
    const at = Date.now() - 2 * 60 * 60 * 1000;
    await keepAnswers(
      [
        [['info'], appInfo],
        [['info', 'colors'], colors],
        [['account'], member],
        [['tasks', 'detail', 5], makeChore()],
      ],
      at,
    );
    goOffline();
    const { fetch } = renderApp({
      path: '/tasks/5',
      prepare: (queryClient) => restoreOfflineCache(queryClient, sessionOwner()),
      handlers: {},
    });
    expect(await screen.findByRole('heading', { name: 'Aardbeien uitplanten' })).toBeInTheDocument();
    expect(screen.getByText(/1 van 4 plaatsen ingenomen/)).toBeInTheDocument();
    const bar = screen.getByRole('status', { name: '' });
    expect(bar).toHaveTextContent(`Je bent offline. Je ziet de gegevens van ${formatMoment(new Date(at))}.`);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ik help mee' }));
    expect(await screen.findByText(nl.errors.offline)).toBeInTheDocument();
    // The guess is gone: the chore as it was, the button back.
    expect(screen.getByText(/1 van 4 plaatsen ingenomen/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ik help mee' })).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    // Nothing was asked of the server at all: the page's queries wait for the network.
    expect(fetch.calls.map((call) => call.path)).toEqual([]);
  });

  it('says so on a page read online too, and the bar goes when the network is back', async () => {
    signIn(tokenOf(member.id));
    renderApp({
      path: '/tasks/5',
      account: member,
      handlers: { 'GET /api/Task/5': () => json(makeChore()) },
    });
    expect(await screen.findByRole('heading', { name: 'Aardbeien uitplanten' })).toBeInTheDocument();
    expect(screen.queryByText(/Je bent offline/)).not.toBeInTheDocument();
    goOffline();
    expect(
      await screen.findByText(/^Je bent offline\. Je ziet de gegevens van .+, \d\d:\d\d\.$/),
    ).toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.queryByText(/Je bent offline/)).not.toBeInTheDocument());
  });
});
