import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenRequests } from '../src/app/screen-requests';
import { json, makeAccount, renderApp } from './utils';

/** Every GET the app made, as the URL it asked (what early-boot.js must match exactly). */
const gets = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET').map((call) => call.url);

describe('screen requests asked before the app starts (decision 069)', () => {
  it.each(Object.keys(screenRequests))('are exactly what %s asks for', async (path) => {
    const { fetch } = renderApp({
      path,
      account: makeAccount(),
      handlers: { 'GET /api/Task/true': () => json({ items: [], total: 0, page: 0, pageSize: 20 }) },
    });
    const expected = screenRequests[path]!;
    await waitFor(() => expect(gets(fetch.calls)).toEqual(expect.arrayContaining(expected)));
    // Nothing listed twice, and no start-up call (those early-boot.js asks for anyway).
    expect(new Set(expected).size).toBe(expected.length);
    expect(expected.some((url) => url.startsWith('/api/info') || url === '/api/User')).toBe(false);
  });
});
