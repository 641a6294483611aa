/**
 * The start-up requests that public/early-boot.js sent before the app's script arrived (decision 068).
 * Each is taken once, and only by the same call: same URL, same token, same impersonation. Anything
 * else (no early request, another token since) returns undefined and the caller asks itself.
 */
export interface EarlyRequest {
  token: string | null;
  impersonate: number | null;
  response: Promise<Response>;
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
 * Cancels the early answers nobody took (start-up is done): an unread body would keep its request
 * open, and the answer could only ever be stale from now on.
 */
export function discardEarlyResponses(): void {
  const early = typeof window === 'undefined' ? undefined : window.__plukEarly;
  if (!early) return;
  for (const [url, entry] of Object.entries(early)) {
    delete early[url];
    cancel(entry);
  }
}

function cancel(entry: EarlyRequest): void {
  entry.response.then(
    (response) => void response.body?.cancel().catch(() => undefined),
    () => undefined,
  );
}
