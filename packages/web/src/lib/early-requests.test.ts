import { describe, expect, it, vi } from 'vitest';
import { discardEarlyResponses, takeEarlyResponse } from './early-requests';

function earlyAnswer() {
  const cancel = vi.fn(() => Promise.resolve());
  const response = { body: { cancel } } as unknown as Response;
  return { cancel, entry: { token: 't', impersonate: null, response: Promise.resolve(response) } };
}

describe('early start-up answers (build/early-boot.js)', () => {
  it('cancels an answer asked with another token instead of leaving its body unread', async () => {
    const stale = earlyAnswer();
    window.__plukEarly = { '/api/User': stale.entry };
    expect(takeEarlyResponse('/api/User', 'newer', null)).toBeUndefined();
    await vi.waitFor(() => expect(stale.cancel).toHaveBeenCalled());
  });

  it('cancels every answer nobody took once start-up is done', async () => {
    const colors = earlyAnswer();
    const account = earlyAnswer();
    window.__plukEarly = { '/api/info/colors': colors.entry, '/api/User': account.entry };
    discardEarlyResponses();
    expect(window.__plukEarly).toEqual({});
    await vi.waitFor(() => {
      expect(colors.cancel).toHaveBeenCalled();
      expect(account.cancel).toHaveBeenCalled();
    });
    expect(takeEarlyResponse('/api/User', 't', null)).toBeUndefined();
  });
});
