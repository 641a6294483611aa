import { describe, expect, it, vi } from 'vitest';
import {
  discardEarlyResponses,
  screenAnswersKeptMs,
  startUpDone,
  takeEarlyData,
  takeEarlyResponse,
} from './early-requests';

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

  it("keeps the opened screen's answers after start-up, for a while", async () => {
    vi.useFakeTimers();
    try {
      const colors = earlyAnswer();
      const tasks = earlyAnswer();
      const later = earlyAnswer();
      window.__plukEarly = {
        '/api/info/colors': colors.entry,
        '/api/task?page=0': { ...tasks.entry, forScreen: true },
        '/api/post?page=0': { ...later.entry, forScreen: true },
      };
      startUpDone();
      expect(Object.keys(window.__plukEarly)).toEqual(['/api/task?page=0', '/api/post?page=0']);
      // The screen takes its answer when it renders.
      expect(takeEarlyResponse('/api/task?page=0', 't', null)).toBe(tasks.entry.response);
      // What it never asked for goes once the screen has had its time.
      vi.advanceTimersByTime(screenAnswersKeptMs);
      expect(window.__plukEarly).toEqual({});
      await vi.waitFor(() => expect(later.cancel).toHaveBeenCalled());
      expect(tasks.cancel).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives a screen's answer once, already read, to the same session only (decision 071)", async () => {
    const tasks = earlyAnswer();
    const read = { ...tasks.entry, forScreen: true, data: { items: [1] } };
    window.__plukEarly = { '/api/task?page=0': read };
    // Another token or another impersonation: not this session's answer.
    expect(takeEarlyData('/api/task?page=0', 'other', null)).toBeUndefined();
    expect(takeEarlyData('/api/task?page=0', 't', 5)).toBeUndefined();
    expect(takeEarlyData('/api/task?page=0', 't', null)).toEqual({ data: { items: [1] } });
    // Taken: gone, and the unread response itself is let go.
    expect(window.__plukEarly).toEqual({});
    expect(takeEarlyData('/api/task?page=0', 't', null)).toBeUndefined();
    await vi.waitFor(() => expect(tasks.cancel).toHaveBeenCalled());
  });

  it('leaves an answer that is not read yet to the response path', () => {
    const posts = earlyAnswer();
    window.__plukEarly = { '/api/post?page=0': { ...posts.entry, forScreen: true } };
    expect(takeEarlyData('/api/post?page=0', 't', null)).toBeUndefined();
    expect(takeEarlyResponse('/api/post?page=0', 't', null)).toBe(posts.entry.response);
  });
});
