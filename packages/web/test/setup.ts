import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAppStore } from '../src/lib/store';
import { resetNotifications } from './utils';

// jsdom lacks what Mantine reads for responsive styles and scroll areas.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
Object.defineProperty(window, 'getComputedStyle', { value: window.getComputedStyle.bind(window) });

afterEach(() => {
  cleanup();
  resetNotifications();
  resetAppStore();
  localStorage.clear();
  vi.unstubAllGlobals();
});
