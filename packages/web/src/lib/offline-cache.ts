import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { clearOfflineCache, offlineCacheKey } from './offline-cache-key';
import { useAppStore, type AppStoreState } from './store';

export { clearOfflineCache, offlineCacheKey };

/**
 * Not in the entry (decision 102, the first-load budget of decision 088): `main.tsx` imports it lazily,
 * before start-up only when offline (the service worker has the chunk). The member's screens readable
 * without a network (issue 36 point 3, decision 102): the last answers of
 * their queries are kept in localStorage, for one session's own user, and put back in the query cache
 * when the browser is offline. Only these queries (by the start of their key), each a JSON answer.
 */
export const keptQueryKeys: readonly QueryKey[] = [
  // Start-up: the farm's name, colours and texts, and my account (decision 069's boot needs them).
  ['info'],
  ['translation', 'overrides'],
  // The home.
  ['tasks', 'home'],
  ['market', 'home'],
  ['requests', 'home'],
  ['posts', 'latest'],
  ['events', 'next'],
  ['weather'],
  ['notifications', 'unreadCount'],
  // What I owe (the home, my membership) and a payment's page: the QR code, the IBAN and the reference.
  ['bank', 'mine'],
  ['bank', 'public'],
  // /pluk, a crop's page and /pluk/subscription/:id.
  ['pluk'],
  ['subscriptions', 'mine'],
  // /account/membership.
  ['subscriptions', 'membership'],
  ['subscriptions', 'offered'],
  // My chores and my events (the events list, an event's page).
  ['tasks', 'mine'],
  ['tasks', 'detail'],
  ['credits', 'mine'],
  ['events', 'list'],
  ['events', 'detail'],
];

/** Kept by their whole key: `['account']` is my account (`['account', 'avatar', …]` is a picture, a Blob). */
export const keptExactKeys: readonly QueryKey[] = [['account']];

/** Answers older than a week are not shown offline: thrown away when read. */
export const offlineCacheMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** Writes are gathered: one write at most per second, not one per answer. */
export const offlineCacheWriteDelayMs = 1_000;
/** Raised when the shape of what is kept changes: older sets are then thrown away. */
const offlineCacheVersion = 1;

interface KeptAnswers {
  version: number;
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, index) => part === key[index]);

export function isKeptQuery(queryKey: QueryKey): boolean {
  return (
    keptExactKeys.some((key) => key.length === queryKey.length && startsWith(queryKey, key)) ||
    keptQueryKeys.some((prefix) => startsWith(queryKey, prefix))
  );
}

/** The user id in the access token (`sub`, with the farm); read, not verified: only to tell users apart. */
function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      app?: unknown;
    };
    return claims.sub === undefined ? null : `${String(claims.app)}:${String(claims.sub)}`;
  } catch {
    return null;
  }
}

/**
 * Whose answers the cache holds: the signed-in user, or nobody. An Admin working as a member keeps
 * nothing (that member's data does not stay on the Admin's device).
 */
export function sessionOwner(
  state: Pick<AppStoreState, 'auth' | 'admin'> = useAppStore.getState(),
): string | null {
  if (!state.auth.loggedIn || !state.auth.token || state.admin.impersonating) return null;
  return tokenSubject(state.auth.token);
}

function readKept(owner: string, now: number): KeptAnswers | null {
  let kept: KeptAnswers | null = null;
  try {
    const text = localStorage.getItem(offlineCacheKey);
    kept = text ? (JSON.parse(text) as KeptAnswers) : null;
  } catch {
    kept = null;
  }
  if (!kept) return null;
  if (
    kept.version !== offlineCacheVersion ||
    kept.owner !== owner ||
    now - kept.savedAt > offlineCacheMaxAgeMs
  ) {
    clearOfflineCache();
    return null;
  }
  return kept;
}

/**
 * Puts the kept answers of `owner` in the query cache; a query that already has a newer answer keeps it
 * (TanStack's `hydrate`). Returns whether there were any.
 */
export function restoreOfflineCache(
  queryClient: QueryClient,
  owner: string | null,
  now = Date.now(),
): boolean {
  if (!owner) return false;
  const kept = readKept(owner, now);
  if (!kept) return false;
  const fresh = {
    ...kept.state,
    queries: kept.state.queries.filter((query) => now - query.state.dataUpdatedAt <= offlineCacheMaxAgeMs),
  };
  hydrate(queryClient, fresh);
  return fresh.queries.length > 0;
}

const keepable = (query: Query) =>
  query.state.status === 'success' &&
  query.state.data !== undefined &&
  !(typeof Blob !== 'undefined' && query.state.data instanceof Blob) &&
  isKeptQuery(query.queryKey);

/**
 * Writes this visit's kept answers over the set kept before: a screen read in an earlier visit (before a
 * reload) stays readable, with its own answer unless this visit has a newer one.
 */
function save(queryClient: QueryClient, owner: string): void {
  const now = Date.now();
  const current = dehydrate(queryClient, {
    shouldDehydrateQuery: keepable,
    shouldDehydrateMutation: () => false,
  });
  const hashes = new Set(current.queries.map((query) => query.queryHash));
  const earlier = (readKept(owner, now)?.state.queries ?? []).filter(
    (query) => !hashes.has(query.queryHash) && now - query.state.dataUpdatedAt <= offlineCacheMaxAgeMs,
  );
  const state: DehydratedState = { mutations: [], queries: [...earlier, ...current.queries] };
  const kept: KeptAnswers = { version: offlineCacheVersion, owner, savedAt: now, state };
  try {
    localStorage.setItem(offlineCacheKey, JSON.stringify(kept));
  } catch {
    // Full (or no) storage: better nothing kept than half.
    clearOfflineCache();
  }
}

/**
 * Keeps the answers of the listed screens while the app runs: after each new answer (at most once per
 * `delayMs`) for the session's own user; wipes them when the session ends or changes hands (logout,
 * another user, an Admin starting to work as someone). When the browser goes offline, the kept answers
 * of queries not yet asked in this visit are put back. Returns the function that stops it.
 */
export function keepOfflineCache(queryClient: QueryClient, delayMs = offlineCacheWriteDelayMs): () => void {
  let owner = sessionOwner();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (owner) save(queryClient, owner);
  };
  // This module loads after the first answers may have come (main.tsx): keep what is there already.
  if (owner) timer = setTimeout(flush, delayMs);
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKeptQuery(event.query.queryKey))
      return;
    if (owner && timer === undefined) timer = setTimeout(flush, delayMs);
  });
  const stopStore = useAppStore.subscribe((state) => {
    const next = sessionOwner(state);
    if (next === owner) return;
    // Only a rotated token of the same user keeps the answers; anything else starts from nothing.
    owner = next;
    clearTimeout(timer);
    timer = undefined;
    clearOfflineCache();
  });
  const stopOnline = onlineManager.subscribe((online) => {
    if (!online) restoreOfflineCache(queryClient, owner);
  });
  // Leaving the page (a reload, another address) writes what is still waiting for its second.
  const onLeave = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    flush();
  };
  window.addEventListener('pagehide', onLeave);
  return () => {
    stopQueries();
    stopStore();
    stopOnline();
    window.removeEventListener('pagehide', onLeave);
    clearTimeout(timer);
  };
}
