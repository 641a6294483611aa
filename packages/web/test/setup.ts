import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAppStore } from '../src/lib/store';
import { resetNotifications } from './utils';

// Screens are lazy chunks: on a busy two-core machine (CI beside other work) the first render of one can
// take longer than Testing Library's 1 s default, which then fails a `findBy…` that is only slow.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Mantine reads for responsive styles and scroll areas. A phone unless a test asks
// for a laptop (`laptopScreen` in ./utils); put back after every test.
const phoneMatchMedia = vi.fn().mockImplementation((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: vi.fn(),
  removeListener: vi.fn(),
  addEventListener: vi.fn(),
  removeEventListener: vi.fn(),
  dispatchEvent: vi.fn(),
}));
Object.defineProperty(window, 'matchMedia', { writable: true, value: phoneMatchMedia });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
URL.createObjectURL = () => 'blob:pluk-test';
URL.revokeObjectURL = () => {};
Object.defineProperty(window, 'getComputedStyle', { value: window.getComputedStyle.bind(window) });

afterEach(() => {
  cleanup();
  window.matchMedia = phoneMatchMedia;
  resetNotifications();
  resetAppStore();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// React Router builds a Request with jsdom's AbortSignal for navigations to lazy routes, which
// Node's own Request refuses; tests do not abort navigations, so the signal is left out.
const NodeRequest = globalThis.Request;
class JsdomFriendlyRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {};
    super(input, rest);
  }
}
globalThis.Request = JsdomFriendlyRequest as typeof Request;

// The member screens are lazy routes in the app (decision 045); loaded here up front, as they were
// before, so a test's first render does not wait for Vitest to transform them on demand. Manager
// screens stay lazy, as they always were.
import.meta.glob(['../src/app/routes/**/*.tsx', '!**/manager*', '!**/*.test.tsx'], { eager: true });
