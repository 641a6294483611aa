import {
  authRoutes,
  routePath,
  type RefreshResponse,
  type RouteDef,
  type RouteResponse,
  type TokenData,
} from '@pluk/contract';
import { takeEarlyData, takeEarlyResponse } from './early-requests';
import { ApiError, apiErrorFromBody, offlineError } from './errors';
import { useAppStore } from './store';

/** The client constants of docs/product/api-and-routes.md, "Client constants". */
export const tokenWaitChecks = 5;
export const tokenWaitIntervalMs = 100;
export const refreshPollIntervalMs = 250;

type SuccessStatus<R extends RouteDef> = Extract<keyof R['response'], 200 | 201 | 204>;
/** What a route answers on success: its 200/201/204 body, or a Blob for file routes. */
export type ApiResult<R extends RouteDef> = R['response'] extends 'file'
  ? Blob
  : RouteResponse<R, SuccessStatus<R> & number>;

export interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body, or FormData for multipart routes. */
  body?: unknown;
  signal?: AbortSignal;
}

/** The URL a call asks: the route's path, then its query in the order the caller gives it. */
export function requestUrl(route: RouteDef, options: RequestOptions = {}): string {
  const path = routePath(route, options.params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The part of the store the client reads and writes (the auth and admin parts). */
export interface SessionStore {
  getToken: () => string | null;
  getRefreshToken: () => string | null;
  getImpersonatedUserId: () => number | null;
  setTokens: (tokens: TokenData) => void;
  clearTokens: () => void;
  /** Re-reads the token pair another tab may have stored since (the store is shared through storage). */
  syncFromStorage: () => Promise<void> | void;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  session: SessionStore;
  sleep: (ms: number) => Promise<void>;
  /** Clears nothing itself: reloads the page onto /login (or just reloads when already there). */
  onForcedLogout: () => void;
  /**
   * Runs `task` while no other tab of this site runs one under the same name (the Web Locks API), so
   * two tabs never rotate the same refresh token at once — the server would take the second use for
   * a stolen token and sign the member out everywhere. `task` learns whether it had to wait for
   * another tab.
   */
  crossTabLock: <T>(name: string, task: (waited: boolean) => Promise<T>) => Promise<T>;
  /**
   * True while the browser knows it has no network: every call but a GET is then refused at once, never
   * sent (decision 102). Absent: nothing is refused.
   */
  isOffline?: () => boolean;
  /** An answer to this very GET that was asked before the app started (lib/early-requests.ts). */
  takeEarlyResponse?: (
    url: string,
    token: string | null,
    impersonate: number | null,
  ) => Promise<Response> | undefined;
}

/** The lock the token refresh runs under, shared by every tab of the app. */
export const refreshLockName = 'pluk-token-refresh';
/**
 * How long a tab that waited for the refresh lock watches storage for the pair the other tab got.
 * Browsers pass one tab's localStorage writes to the others asynchronously (a few milliseconds,
 * separate processes), so the pair may not be readable the moment the lock changes hands.
 */
export const crossTabHandoffMs = 1_000;
export const crossTabHandoffPollMs = 25;

export interface ApiClient {
  request: <R extends RouteDef>(route: R, options?: RequestOptions) => Promise<ApiResult<R>>;
  /** Rotates the token pair once; concurrent callers share the same refresh. */
  refresh: () => Promise<boolean>;
}

/**
 * The one way the web app talks to the API (docs/product/api-and-routes.md, "Calls"): Bearer token on
 * authenticated calls after waiting up to 5 × 100 ms for one, none on public calls; on a 401 one shared
 * refresh, then one retry; a failed refresh clears the token data and sends the member to /login. No timeout.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshInProgress = false;
  let refreshPromise: Promise<boolean> | null = null;

  async function waitForToken(): Promise<string | null> {
    for (let check = 0; check < tokenWaitChecks; check++) {
      const token = deps.session.getToken();
      if (token) return token;
      await deps.sleep(tokenWaitIntervalMs);
    }
    return deps.session.getToken();
  }

  function forceLogout(): void {
    deps.session.clearTokens();
    deps.onForcedLogout();
  }

  async function doRefresh(): Promise<boolean> {
    const staleToken = deps.session.getToken();
    return deps.crossTabLock(refreshLockName, async (waited) => {
      // While this tab waited for the lock, another tab has most likely rotated the pair: use its
      // tokens (or follow its logout) rather than send the old refresh token a second time.
      const changed = await tokenChangedSince(staleToken, waited ? crossTabHandoffMs : 0);
      const latest = deps.session.getToken();
      if (changed && latest) return true;
      return rotateTokens();
    });
  }

  /** Re-reads the stored pair until its token differs from `staleToken`, for at most `withinMs`. */
  async function tokenChangedSince(staleToken: string | null, withinMs: number): Promise<boolean> {
    for (let waited = 0; ; waited += crossTabHandoffPollMs) {
      await deps.session.syncFromStorage();
      if (deps.session.getToken() !== staleToken) return true;
      if (waited >= withinMs) return false;
      await deps.sleep(crossTabHandoffPollMs);
    }
  }

  async function rotateTokens(): Promise<boolean> {
    const token = deps.session.getToken();
    const refreshToken = deps.session.getRefreshToken();
    if (!refreshToken) return false;
    try {
      const answer = (await send(
        authRoutes.refreshLogin,
        { body: { token: token ?? '', refreshToken } },
        null,
      )) as RefreshResponse | undefined;
      if (!answer || (answer.errors && answer.errors.length > 0) || !answer.token || !answer.refreshToken) {
        return false;
      }
      deps.session.setTokens({ token: answer.token, refreshToken: answer.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  function refresh(): Promise<boolean> {
    if (!refreshPromise) {
      refreshInProgress = true;
      refreshPromise = doRefresh().then((ok) => {
        if (!ok) deps.session.clearTokens();
        refreshInProgress = false;
        refreshPromise = null;
        return ok;
      });
    }
    return refreshPromise;
  }

  /** One HTTP exchange; `token` null means an anonymous call (no Authorization header). */
  async function send(route: RouteDef, options: RequestOptions, token: string | null): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
    const isMultipart = options.body instanceof FormData;
    if (!isMultipart && (options.body !== undefined || route.method === 'GET')) {
      headers['Content-Type'] = 'application/json';
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const impersonatedUserId = token ? deps.session.getImpersonatedUserId() : null;
    if (impersonatedUserId !== null) headers['X-Impersonate-User'] = String(impersonatedUserId);

    const url = requestUrl(route, options);
    const early =
      route.method === 'GET' ? deps.takeEarlyResponse?.(url, token, impersonatedUserId) : undefined;
    let response: Response;
    try {
      // An early answer that failed to arrive is asked again here, as if there had been none.
      const earlyResponse = early ? await early.catch(() => undefined) : undefined;
      response =
        earlyResponse ??
        (await deps.fetch(url, {
          method: route.method,
          headers,
          body:
            options.body === undefined
              ? undefined
              : isMultipart
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          signal: options.signal,
        }));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' });
    }

    if (!response.ok) {
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // a body that is not JSON (proxy error page): keep the status, no code from the server
      }
      throw apiErrorFromBody(response.status, body);
    }
    if (response.status === 204) return null;
    if (route.response === 'file') return response.blob();
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  }

  async function request<R extends RouteDef>(route: R, options: RequestOptions = {}): Promise<ApiResult<R>> {
    if (route.method !== 'GET' && deps.isOffline?.()) throw offlineError();
    if (route.permission === 'public') return (await send(route, options, null)) as ApiResult<R>;

    const token = await waitForToken();
    try {
      return (await send(route, options, token)) as ApiResult<R>;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }

    // 401: make sure the token pair is fresh, then retry once.
    const current = deps.session.getToken();
    let refreshed: boolean;
    if (current && current !== token) {
      refreshed = true; // another call already refreshed after ours was sent
    } else if (refreshInProgress) {
      while (refreshInProgress) await deps.sleep(refreshPollIntervalMs);
      refreshed = deps.session.getToken() !== null;
    } else {
      refreshed = await refresh();
    }
    if (!refreshed) {
      forceLogout();
      throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: '' });
    }
    try {
      return (await send(route, options, deps.session.getToken())) as ApiResult<R>;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) forceLogout();
      throw error;
    }
  }

  return { request, refresh };
}

/** The session as kept in the persisted zustand store. */
export const storeSession: SessionStore = {
  getToken: () => useAppStore.getState().auth.token,
  getRefreshToken: () => useAppStore.getState().auth.refreshToken,
  getImpersonatedUserId: () => useAppStore.getState().admin.impersonating?.userId ?? null,
  setTokens: (tokens) => useAppStore.getState().setTokens(tokens),
  clearTokens: () => useAppStore.getState().clearAuth(),
  syncFromStorage: () => useAppStore.persist.rehydrate(),
};

/**
 * Web Locks where the browser has them; elsewhere the task simply runs (one tab's guard still holds).
 * The lock is first asked for without waiting, so the task knows whether another tab held it.
 */
export async function webLock<T>(name: string, task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(false);
  const unavailable = Symbol('unavailable');
  const immediate = (await locks.request(name, { ifAvailable: true }, (lock) =>
    lock ? task(false) : unavailable,
  )) as T | typeof unavailable;
  if (immediate !== unavailable) return immediate;
  return (await locks.request(name, () => task(true))) as T;
}

export const loginPath = '/login';

/** After a forced logout the page reloads onto /login, unless it is already there. */
export function reloadOntoLogin(): void {
  if (window.location.pathname === loginPath) window.location.reload();
  else window.location.assign(loginPath);
}

export const apiClient = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  session: storeSession,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  onForcedLogout: reloadOntoLogin,
  crossTabLock: webLock,
  isOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
  takeEarlyResponse,
});

/** Shorthand used by the feature `api/` files. */
export const apiRequest = apiClient.request;

/**
 * The answer to this GET when early-boot.js already has it, read, for the signed-in session as it is
 * now (decision 071): a screen's query gives it as `initialData` and renders it in its first pass.
 * Undefined otherwise, and the query asks the usual way (taking the early response if it is on its way).
 */
export function earlyAnswer<R extends RouteDef>(
  route: R,
  options: RequestOptions = {},
): ApiResult<R> | undefined {
  if (route.method !== 'GET' || route.permission === 'public' || route.response === 'file') return undefined;
  const token = storeSession.getToken();
  if (!token) return undefined;
  const taken = takeEarlyData(requestUrl(route, options), token, storeSession.getImpersonatedUserId());
  return taken?.data as ApiResult<R> | undefined;
}
