import type { OutputBundle, OutputChunk } from 'rollup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  earlyBootSource,
  preloadedRoutes,
  routePreloadsOf,
  type RoutePreloads,
} from '../build/route-preloads';

const root = '/repo/packages/web';

function chunk(fileName: string, extra: Partial<OutputChunk> & { css?: string[] } = {}): OutputChunk {
  const { css = [], ...rest } = extra;
  return {
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...rest,
  } as unknown as OutputChunk;
}

/** A bundle with the entry, a shared chunk the entry loads, and a lazy chunk for every listed screen. */
function bundleWith(screens: Record<string, OutputChunk>): OutputBundle {
  const files = [
    chunk('assets/index-1.js', { isEntry: true, imports: ['assets/vendor-1.js'] }),
    chunk('assets/vendor-1.js'),
    chunk('assets/card-1.js', { imports: ['assets/vendor-1.js'], css: ['assets/card-1.css'] }),
    ...Object.values(screens),
  ];
  return Object.fromEntries(files.map((file) => [file.fileName, file])) as OutputBundle;
}

function screensOf(): Record<string, OutputChunk> {
  return Object.fromEntries(
    Object.entries(preloadedRoutes).map(([path, { module }], i) => [
      path,
      chunk(`assets/screen-${i}.js`, {
        isDynamicEntry: true,
        facadeModuleId: `${root}/${module}`,
        imports: ['assets/vendor-1.js', 'assets/card-1.js'],
      }),
    ]),
  );
}

describe('route preloads (decision 069)', () => {
  it("lists each screen's chunk, what it imports beyond the entry, and their CSS", () => {
    const preloads = routePreloadsOf(bundleWith(screensOf()), root);
    expect(preloads['/login']).toEqual({
      session: false,
      files: [expect.stringMatching(/^assets\/screen-\d\.js$/), 'assets/card-1.js', 'assets/card-1.css'],
    });
    expect(preloads['/']?.session).toBe(true);
    // A member's screen also names the answers it asks for; a visitor's screen none.
    expect(preloads['/']?.requests).toContain('/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false');
    expect(preloads['/login']?.requests).toBeUndefined();
    // The entry's own chunks are loaded by index.html already.
    for (const route of Object.values(preloads)) expect(route.files).not.toContain('assets/vendor-1.js');
  });

  it('fails the build when a listed screen has no lazy chunk (renamed or no longer lazy)', () => {
    const screens = screensOf();
    delete screens['/tasks'];
    expect(() => routePreloadsOf(bundleWith(screens), root)).toThrow(/tasks-list\.tsx/);
  });

  describe('early-boot.js', () => {
    afterEach(() => {
      vi.useRealTimers();
      document.head.querySelectorAll('link').forEach((link) => link.remove());
      localStorage.clear();
      window.history.replaceState(null, '', '/');
    });

    const preloads: RoutePreloads = {
      '/login': { session: false, files: ['assets/login-1.js', 'assets/login-1.css'] },
      '/': { session: true, files: ['assets/home-1.js'], requests: ['/api/task?page=0'] },
    };
    let fetched: ReturnType<typeof vi.fn>;
    const run = () => {
      fetched = vi.fn(() => Promise.resolve(new Response('{}')));
      vi.stubGlobal('fetch', fetched);
      // The script as the build emits it, run as the browser runs a classic script.
      new Function(earlyBootSource(preloads))();
    };
    const links = () =>
      [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')]);

    it("asks for the opened screen's code, for a visitor only on the visitor's screens", () => {
      window.history.replaceState(null, '', '/login');
      run();
      expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/api/info', '/api/info/colors']);
      expect(links()).toEqual([
        ['modulepreload', '/assets/login-1.js'],
        ['preload', '/assets/login-1.css'],
      ]);
      document.head.querySelectorAll('link').forEach((link) => link.remove());
      window.history.replaceState(null, '', '/');
      run();
      expect(links()).toEqual([]);
    });

    it('with a session, asks for the home and not for the login screen', () => {
      localStorage.setItem(
        'pluk_app_store',
        JSON.stringify({ state: { auth: { loggedIn: true, token: 't', refreshToken: 'r' } } }),
      );
      window.history.replaceState(null, '', '/');
      run();
      expect(links()).toEqual([['modulepreload', '/assets/home-1.js']]);
      // The home's own answers, asked with the session's token and kept for the screen.
      expect(fetched).toHaveBeenCalledWith('/api/task?page=0', {
        headers: expect.objectContaining({ Authorization: 'Bearer t' }),
      });
      expect(window.__plukEarly?.['/api/task?page=0']).toMatchObject({ token: 't', forScreen: true });
      document.head.querySelectorAll('link').forEach((link) => link.remove());
      window.history.replaceState(null, '', '/login/');
      run();
      expect(links()).toEqual([]);
    });

    it("loads the browser's Dutch date and number data after sending its requests, in a task of its own (decision 073)", () => {
      vi.useFakeTimers();
      const order: string[] = [];
      const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function () {
        order.push('date format');
        return { format: () => '' } as unknown as Intl.DateTimeFormat;
      });
      const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function () {
        order.push('number format');
        return { format: () => '' } as unknown as Intl.NumberFormat;
      });
      window.history.replaceState(null, '', '/login');
      fetched = vi.fn(() => {
        order.push('fetch');
        return Promise.resolve(new Response('{}'));
      });
      vi.stubGlobal('fetch', fetched);
      new Function(earlyBootSource(preloads))();
      // Not in the task that sends the requests (web round 10): each of the two stays short.
      expect(order).toEqual(['fetch', 'fetch']);
      vi.runOnlyPendingTimers();
      expect(dates).toHaveBeenCalledWith('nl-BE', expect.anything());
      expect(numbers).toHaveBeenCalledWith('nl-BE', expect.anything());
      expect(order).toEqual(['fetch', 'fetch', 'date format', 'number format']);
    });
  });
});
