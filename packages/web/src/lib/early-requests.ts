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
  if (entry.token !== token || entry.impersonate !== impersonate) return undefined;
  return entry.response;
}
