/**
 * The start-up requests that early-boot.js (build/early-boot.js) sent before the app's script arrived (decision 068).
 * Each is taken once, and only by the same call: same URL, same token, same impersonation. Anything
 * else (no early request, another token since) returns undefined and the caller asks itself.
 */
export interface EarlyRequest {
  token: string | null;
  impersonate: number | null;
  response: Promise<Response>;
  /** Asked for the opened screen, not for start-up (decision 069): kept after start-up. */
  forScreen?: boolean;
  /** A screen answer's JSON (a 200), once early-boot.js has read it (decision 071). */
  data?: unknown;
}

declare global {
  interface Window {
    __plukEarly?: Record<string, EarlyRequest>;
  }
}

export function takeEarlyResponse(
  url: string,
  token: string | null,
  impersonate: number | null,
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__plukEarly;
  const entry = early?.[url];
  if (!early || !entry) return undefined;
  delete early[url];
  if (entry.token !== token || entry.impersonate !== impersonate) {
    cancel(entry);
    return undefined;
  }
  return entry.response;
}

/**
 * The JSON of a screen's early answer when it is already in and read (a 200 for this URL, token and
 * impersonation): the screen's first render then shows it (decision 071). Taken once, like the
 * response; undefined while it is still on its way, and the caller's own request takes the response.
 */
export function takeEarlyData(
  url: string,
  token: string | null,
  impersonate: number | null,
): { data: unknown } | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__plukEarly;
  const entry = early?.[url];
  if (!early || !entry || !('data' in entry)) return undefined;
  if (entry.token !== token || entry.impersonate !== impersonate) return undefined;
  delete early[url];
  cancel(entry);
  return { data: entry.data };
}

/**
 * Cancels the early answers nobody took: an unread body would keep its request open, and the answer
 * could only ever be stale from now on. At the end of start-up (`'start-up'`) the opened screen's
 * answers stay, for the screen to take when it renders; `'all'` cancels those too.
 */
export function discardEarlyResponses(which: 'start-up' | 'all' = 'all'): void {
  const early = typeof window === 'undefined' ? undefined : window.__plukEarly;
  if (!early) return;
  for (const [url, entry] of Object.entries(early)) {
    if (which === 'start-up' && entry.forScreen) continue;
    delete early[url];
    cancel(entry);
  }
}

/** How long the opened screen's early answers wait to be taken after start-up (decision 069). */
export const screenAnswersKeptMs = 10_000;

/** Start-up is done: its unused answers go now, the screen's after `screenAnswersKeptMs`. */
export function startUpDone(): void {
  discardEarlyResponses('start-up');
  setTimeout(() => discardEarlyResponses('all'), screenAnswersKeptMs);
}

function cancel(entry: EarlyRequest): void {
  entry.response.then(
    (response) => void response.body?.cancel().catch(() => undefined),
    () => undefined,
  );
}
