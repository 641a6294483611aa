import { userRoutes, authRoutes, infoRoutes, type TokenData } from '@pluk/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFetchStub, json, apiError, type StubHandler } from '../../test/utils';
import {
  createApiClient,
  crossTabHandoffMs,
  crossTabHandoffPollMs,
  refreshLockName,
  refreshPollIntervalMs,
  tokenWaitIntervalMs,
  webLock,
  type SessionStore,
} from './api-client';
import { takeEarlyResponse } from './early-requests';
import { ApiError } from './errors';

function memorySession(initial: { token: string | null; refreshToken: string | null; impersonate?: number }) {
  const state = { ...initial, impersonate: initial.impersonate ?? null };
  const session: SessionStore & { state: typeof state; otherTabWrites: TokenData | null } = {
    state,
    /** What another tab has stored meanwhile; syncFromStorage picks it up. */
    otherTabWrites: null,
    syncFromStorage: () => {
      if (session.otherTabWrites) Object.assign(state, session.otherTabWrites);
    },
    getToken: () => state.token,
    getRefreshToken: () => state.refreshToken,
    getImpersonatedUserId: () => state.impersonate,
    setTokens: ({ token, refreshToken }: TokenData) => {
      state.token = token;
      state.refreshToken = refreshToken;
    },
    clearTokens: () => {
      state.token = null;
      state.refreshToken = null;
    },
  };
  return session;
}

function setup(
  handlers: Record<string, StubHandler>,
  session = memorySession({ token: 'old', refreshToken: 'r1' }),
  /** Whether the refresh lock was held by another tab when this one asked for it. */
  lockWasHeld = false,
) {
  const fetch = createFetchStub(handlers);
  const sleep = vi.fn((_ms: number) => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  const onForcedLogout = vi.fn();
  const lockNames: string[] = [];
  const crossTabLock = <T>(name: string, task: (waited: boolean) => Promise<T>) => {
    lockNames.push(name);
    return task(lockWasHeld);
  };
  const client = createApiClient({ fetch, session, sleep, onForcedLogout, crossTabLock });
  return { client, fetch, sleep, onForcedLogout, session, lockNames };
}

const account = { id: 3, firstName: 'Lien' };
/** GET User answers 200 for the token `fresh`, 401 for any other. */
const userNeedsFreshToken: StubHandler = ({ headers }) =>
  headers.get('Authorization') === 'Bearer fresh'
    ? json(account)
    : apiError(401, 'UNAUTHORIZED', 'Niet aangemeld');

describe('api client: headers', () => {
  it('sends the Bearer token, JSON content type and Accept-Language en on an authenticated call', async () => {
    const { client, fetch } = setup({ 'GET /api/User': () => json(account) });
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    const headers = fetch.calls[0]!.headers;
    expect(headers.get('Authorization')).toBe('Bearer old');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('sends no Authorization on anonymous calls, even with a token in the store', async () => {
    const { client, fetch } = setup({
      'POST /api/auth/login': () => json({ token: 't', refreshToken: 'r' }),
      'GET /api/info': () => json({ appId: 'a' }),
      'GET /api/auth/validateUsername/jan': () => json({ available: true }),
      'GET /api/settings/theme': () => json({ key: 'theme', value: 'x' }),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    await client.request(authRoutes.login, { body: { username: 'jan', password: 'geheim' } });
    await client.request(infoRoutes.info);
    await client.request(authRoutes.validateUsername, { params: { name: 'jan' } });
    await client.request(infoRoutes.publicSetting, { params: { key: 'theme' } });
    await expect(client.request(authRoutes.logout, { body: { refreshToken: 'r1' } })).resolves.toBeNull();
    expect(fetch.calls).toHaveLength(5);
    for (const call of fetch.calls) expect(call.headers.has('Authorization')).toBe(false);
    expect(fetch.calls[0]!.body).toEqual({ username: 'jan', password: 'geheim' });
  });

  it('adds X-Impersonate-User to authenticated calls while an Admin acts as a user, not to anonymous ones', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1', impersonate: 42 });
    const { client, fetch } = setup(
      { 'GET /api/User': () => json(account), 'GET /api/info': () => json({}) },
      session,
    );
    await client.request(userRoutes.account);
    await client.request(infoRoutes.info);
    expect(fetch.calls[0]!.headers.get('X-Impersonate-User')).toBe('42');
    expect(fetch.calls[1]!.headers.has('X-Impersonate-User')).toBe(false);
  });
});

describe('api client: waiting for a token', () => {
  it('waits in 100 ms steps until a token appears, then sends it', async () => {
    const session = memorySession({ token: null, refreshToken: null });
    const { client, fetch, sleep } = setup({ 'GET /api/User': () => json(account) }, session);
    sleep.mockImplementation(async () => {
      if (sleep.mock.calls.length === 2) session.state.token = 'late';
    });
    await client.request(userRoutes.account);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(tokenWaitIntervalMs);
    expect(fetch.calls[0]!.headers.get('Authorization')).toBe('Bearer late');
  });

  it('checks at most 5 times, then sends the call without a token', async () => {
    const session = memorySession({ token: null, refreshToken: null });
    const { client, fetch, sleep, onForcedLogout } = setup(
      { 'GET /api/User': () => apiError(401, 'UNAUTHORIZED', 'Niet aangemeld') },
      session,
    );
    await expect(client.request(userRoutes.account)).rejects.toMatchObject({ status: 401 });
    expect(sleep.mock.calls.filter(([ms]) => ms === tokenWaitIntervalMs)).toHaveLength(5);
    expect(fetch.calls[0]!.headers.has('Authorization')).toBe(false);
    // Without a refresh token there is nothing to refresh: straight to the forced logout.
    expect(fetch.calls.some((call) => call.path === '/api/auth/RefreshLogin')).toBe(false);
    expect(onForcedLogout).toHaveBeenCalledTimes(1);
  });
});

describe('api client: 401, refresh and retry', () => {
  it('refreshes once for concurrent 401s and retries each call once with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { client, fetch, sleep, session } = setup({
      'GET /api/User': userNeedsFreshToken,
      'POST /api/auth/RefreshLogin': async () => {
        await refreshGate;
        return json({ token: 'fresh', refreshToken: 'r2' });
      },
    });

    const calls = [
      client.request(userRoutes.account),
      client.request(userRoutes.account),
      client.request(userRoutes.account),
    ];
    await vi.waitFor(() => expect(sleep).toHaveBeenCalledWith(refreshPollIntervalMs));
    releaseRefresh();
    await expect(Promise.all(calls)).resolves.toEqual([account, account, account]);

    const refreshCalls = fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]!.body).toEqual({ token: 'old', refreshToken: 'r1' });
    expect(refreshCalls[0]!.headers.has('Authorization')).toBe(false);
    const userCalls = fetch.calls.filter((call) => call.path === '/api/User');
    expect(userCalls).toHaveLength(6); // three first tries, three retries
    expect(userCalls.slice(3).every((call) => call.headers.get('Authorization') === 'Bearer fresh')).toBe(
      true,
    );
    expect(session.state).toMatchObject({ token: 'fresh', refreshToken: 'r2' });
  });

  it('retries only once: a second 401 forces the logout without a second refresh', async () => {
    const { client, fetch, onForcedLogout, session } = setup({
      'GET /api/User': () => apiError(401, 'UNAUTHORIZED', 'Niet aangemeld'),
      'POST /api/auth/RefreshLogin': () => json({ token: 'fresh', refreshToken: 'r2' }),
    });
    await expect(client.request(userRoutes.account)).rejects.toBeInstanceOf(ApiError);
    expect(fetch.calls.filter((call) => call.path === '/api/User')).toHaveLength(2);
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(1);
    expect(onForcedLogout).toHaveBeenCalledTimes(1);
    expect(session.state.token).toBeNull();
  });

  it('clears the token data and forces the logout when the refresh answers errors', async () => {
    const { client, fetch, onForcedLogout, session } = setup({
      'GET /api/User': userNeedsFreshToken,
      'POST /api/auth/RefreshLogin': () => json({ errors: ['Refresh token expired'] }),
    });
    await expect(client.request(userRoutes.account)).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(session.state).toMatchObject({ token: null, refreshToken: null });
    expect(onForcedLogout).toHaveBeenCalledTimes(1);
    expect(fetch.calls.filter((call) => call.path === '/api/User')).toHaveLength(1);
  });

  it('forces the logout when the refresh call itself fails', async () => {
    const { client, onForcedLogout, session } = setup({
      'GET /api/User': userNeedsFreshToken,
      'POST /api/auth/RefreshLogin': () => apiError(500, 'INTERNAL_ERROR', 'Er ging iets mis.'),
    });
    await expect(client.request(userRoutes.account)).rejects.toMatchObject({ status: 401 });
    expect(session.state.token).toBeNull();
    expect(onForcedLogout).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 from an anonymous call (wrong password)', async () => {
    const { client, fetch, onForcedLogout } = setup({
      'POST /api/auth/login': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Gebruikersnaam of wachtwoord is onjuist.'),
    });
    await expect(
      client.request(authRoutes.login, { body: { username: 'a', password: 'b' } }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Gebruikersnaam of wachtwoord is onjuist.',
    });
    expect(fetch.calls).toHaveLength(1);
    expect(onForcedLogout).not.toHaveBeenCalled();
  });
});

describe('api client: errors', () => {
  it('surfaces the error body as an ApiError with code, Dutch message and fields', async () => {
    const { client } = setup({
      'POST /api/auth/register': () =>
        apiError(400, 'VALIDATION_ERROR', 'Niet alle gegevens zijn juist ingevuld.', {
          'address.city': 'Te lang.',
        }),
    });
    const error = await client.request(authRoutes.register, { body: {} as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Niet alle gegevens zijn juist ingevuld.',
      fields: { 'address.city': 'Te lang.' },
    });
  });

  it('reads the top-level E001 code of the start-up error body', async () => {
    const { client } = setup({ 'GET /api/info': () => json({ code: 'E001' }, 404) });
    await expect(client.request(infoRoutes.info)).rejects.toMatchObject({ code: 'E001', status: 404 });
  });

  it('marks a call without any response as a network error (status 0)', async () => {
    const { client } = setup({
      'GET /api/info': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await client.request(infoRoutes.info).catch((e: unknown) => e)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('fills path parameters and returns a Blob for file routes', async () => {
    const { client, fetch } = setup({
      'GET /api/User/ContactData/7': () => json({ userId: 7 }),
      'GET /api/User/Avatar': () =>
        new Response(new Blob(['png']), { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    await expect(client.request(userRoutes.contactData, { params: { id: 7 } })).resolves.toEqual({
      userId: 7,
    });
    const blob = await client.request(userRoutes.avatar);
    expect(blob).toBeInstanceOf(Blob);
    expect(fetch.calls[0]!.url).toBe('/api/User/ContactData/7');
  });
});

describe('api client: several tabs', () => {
  it('rotates the token pair under the cross-tab lock', async () => {
    const { client, fetch, lockNames } = setup({
      'GET /api/User': userNeedsFreshToken,
      'POST /api/auth/RefreshLogin': () => json({ token: 'fresh', refreshToken: 'r2' }),
    });
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    expect(lockNames).toEqual([refreshLockName]);
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(1);
  });

  it('takes the pair another tab already rotated instead of reusing the old refresh token', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1' });
    session.otherTabWrites = { token: 'fresh', refreshToken: 'r2' };
    const { client, fetch, onForcedLogout } = setup(
      {
        'GET /api/User': userNeedsFreshToken,
        'POST /api/auth/RefreshLogin': () => apiError(500, 'INTERNAL_ERROR', 'should not be called'),
      },
      session,
    );
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(0);
    expect(fetch.calls.at(-1)!.headers.get('Authorization')).toBe('Bearer fresh');
    expect(onForcedLogout).not.toHaveBeenCalled();
  });

  it('follows another tab that logged out: no refresh, straight to the login', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1' });
    session.syncFromStorage = () => session.clearTokens();
    const { client, fetch, onForcedLogout } = setup({ 'GET /api/User': userNeedsFreshToken }, session);
    await expect(client.request(userRoutes.account)).rejects.toMatchObject({ status: 401 });
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(0);
    expect(onForcedLogout).toHaveBeenCalledOnce();
  });

  it('after waiting for the lock, watches storage for the pair the other tab got', async () => {
    const session = memorySession({ token: 'old', refreshToken: 'r1' });
    let reads = 0;
    // The other tab's write reaches this tab only on the third read, as between browser processes.
    session.syncFromStorage = () => {
      reads += 1;
      if (reads === 3) Object.assign(session.state, { token: 'fresh', refreshToken: 'r2' });
    };
    const { client, fetch, onForcedLogout } = setup(
      {
        'GET /api/User': userNeedsFreshToken,
        'POST /api/auth/RefreshLogin': () => apiError(500, 'INTERNAL_ERROR', 'should not be called'),
      },
      session,
      true,
    );
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(0);
    expect(onForcedLogout).not.toHaveBeenCalled();
  });

  it('refreshes itself when the other tab left no new pair within the hand-off time', async () => {
    const { client, fetch, sleep } = setup(
      {
        'GET /api/User': userNeedsFreshToken,
        'POST /api/auth/RefreshLogin': () => json({ token: 'fresh', refreshToken: 'r2' }),
      },
      memorySession({ token: 'old', refreshToken: 'r1' }),
      true,
    );
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    expect(fetch.calls.filter((call) => call.path === '/api/auth/RefreshLogin')).toHaveLength(1);
    const handoffSleeps = sleep.mock.calls.filter(([ms]) => ms === crossTabHandoffPollMs).length;
    expect(handoffSleeps).toBe(crossTabHandoffMs / crossTabHandoffPollMs);
  });

  it('uses the Web Locks API, telling the task whether another tab held the lock', async () => {
    let held = true;
    const request = vi.fn(
      async (
        _name: string,
        optionsOrTask: { ifAvailable: boolean } | ((lock: object | null) => unknown),
        maybeTask?: (lock: object | null) => unknown,
      ) => {
        const task = typeof optionsOrTask === 'function' ? optionsOrTask : maybeTask!;
        const ifAvailable = typeof optionsOrTask === 'object' && optionsOrTask.ifAvailable;
        return task(ifAvailable && held ? null : {});
      },
    );
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    try {
      await expect(webLock('x', async (waited) => waited)).resolves.toBe(true);
      held = false;
      await expect(webLock('x', async (waited) => waited)).resolves.toBe(false);
      expect(request).toHaveBeenCalledWith('x', { ifAvailable: true }, expect.any(Function));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('api client: answers asked before the app started (build/early-boot.js)', () => {
  function withEarly(
    early: Record<string, { token: string | null; impersonate: number | null; response: Promise<Response> }>,
  ) {
    window.__plukEarly = early;
    const fetch = createFetchStub({ 'GET /api/User': () => json({ ...account, firstName: 'asked again' }) });
    const session = memorySession({ token: 'old', refreshToken: 'r1' });
    const client = createApiClient({
      fetch,
      session,
      sleep: () => Promise.resolve(),
      onForcedLogout: vi.fn(),
      crossTabLock: (_name, task) => task(false),
      takeEarlyResponse,
    });
    return { client, fetch };
  }

  it('takes the early answer of the same call once, then asks the server itself', async () => {
    const { client, fetch } = withEarly({
      '/api/User': { token: 'old', impersonate: null, response: Promise.resolve(json(account)) },
    });
    await expect(client.request(userRoutes.account)).resolves.toEqual(account);
    expect(fetch.calls).toHaveLength(0);
    await expect(client.request(userRoutes.account)).resolves.toMatchObject({ firstName: 'asked again' });
    expect(fetch.calls).toHaveLength(1);
  });

  it('does not use an early answer asked with another token or impersonation', async () => {
    const { client, fetch } = withEarly({
      '/api/User': { token: 'older', impersonate: null, response: Promise.resolve(json(account)) },
    });
    await expect(client.request(userRoutes.account)).resolves.toMatchObject({ firstName: 'asked again' });
    expect(fetch.calls).toHaveLength(1);
    expect(window.__plukEarly).toEqual({});
  });

  it('asks again when the early request failed on the way', async () => {
    const { client, fetch } = withEarly({
      '/api/User': { token: 'old', impersonate: null, response: Promise.reject(new TypeError('offline')) },
    });
    await expect(client.request(userRoutes.account)).resolves.toMatchObject({ firstName: 'asked again' });
    expect(fetch.calls).toHaveLength(1);
  });
});
