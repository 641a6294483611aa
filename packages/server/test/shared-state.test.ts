import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '@pluk/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { createApp, createUser, type CreatedUser, type UserInput } from '../src/seed/factories.js';
import { json, testConfig, testHost, uniqueName } from './helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

/**
 * Two Pluk processes on one PostgreSQL database (ADR 099): two servers in this test process, each with
 * its own pool, its own caches and its own listening connection. A limit counts the hits of both; a
 * logout, role change or deactivation on one is refused on the other within a second, and a farm's
 * colours changed on one are seen on the other within a second (the caches keep 5 s without NOTIFY).
 * The embedded database is one process: nothing to share there.
 */
const perMinute = 6;
const failuresPerAccount = 3;

describe.skipIf(!process.env.DATABASE_URL)(
  'two servers on one PostgreSQL database (PGlite is one process: nothing shared to test)',
  () => {
    let testDb: TestDatabase;
    let secondHandle: DatabaseHandle;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let admin: CreatedUser;
    let ip = 0;
    /** Every test calls from its own address: the per-client limit of one test never touches another. */
    const nextAddress = () => `198.51.100.${++ip}`;

    beforeAll(async () => {
      testDb = await openTestDatabase();
      await createApp(testDb.handle.unchecked, {
        appId: 'farm',
        name: 'Testhoeve',
        isDefault: true,
        hosts: [testHost],
      });
      const config = testConfig({
        rateLimit: {
          authPerMinute: perMinute,
          accountPer15Minutes: failuresPerAccount,
          accountAttackPer15Minutes: 100,
          feedPerMinute: 120,
        },
      });
      secondHandle = await openDatabase({ url: testDb.url! });
      a = await buildApp({ config, database: testDb.handle });
      b = await buildApp({ config, database: secondHandle });
      await Promise.all([a.ready(), b.ready()]);
      admin = await user({ username: uniqueName('admin'), roles: ['Admin'] });
    });

    afterAll(async () => {
      await a?.close();
      await b?.close();
      await secondHandle?.close();
      await testDb?.drop();
    });

    const user = (input: Omit<UserInput, 'appId'>) =>
      createUser(testDb.handle.unchecked, { appId: 'farm', ...input });

    function call(
      server: FastifyInstance,
      options: InjectOptions & { as?: string | { id: number; appId: string } },
    ): Promise<LightMyRequestResponse> {
      const { as, headers, ...rest } = options;
      const token = as === undefined ? undefined : typeof as === 'string' ? as : a.accessTokens.issue(as);
      return server.inject({
        ...rest,
        headers: { host: testHost, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    }

    async function login(
      server: FastifyInstance,
      who: CreatedUser,
      remoteAddress: string,
    ): Promise<TokenData> {
      const response = await call(server, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: who.username, password: who.password },
        remoteAddress,
      });
      expect(response.statusCode, response.body).toBe(200);
      return json<TokenData>(response);
    }

    /** Asks `ask` until `done` holds, for at most a second; returns how long it took. */
    async function withinOneSecond(
      ask: () => Promise<LightMyRequestResponse>,
      done: (response: LightMyRequestResponse) => boolean,
    ): Promise<number> {
      const started = performance.now();
      let last: LightMyRequestResponse | undefined;
      while (performance.now() - started < 1_000) {
        last = await ask();
        if (done(last)) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`not seen within 1 s; last answer ${last?.statusCode} ${last?.body}`);
    }

    it('counts the login limit over both servers: N calls, not N per server', async () => {
      const member = await user({ username: uniqueName('limit') });
      const from = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < perMinute + 1; i++) {
        const response = await call(i % 2 === 0 ? a : b, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: member.username, password: member.password },
          remoteAddress: from,
        });
        statuses.push(response.statusCode);
      }
      // Six calls let through (three on each server), the seventh refused wherever it lands.
      expect(statuses).toEqual([...Array<number>(perMinute).fill(200), 429]);
      const other = await call(a, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: member.username, password: member.password },
        remoteAddress: from,
      });
      expect(other.statusCode).toBe(429);
      expect(Number(other.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not touched.
      await login(b, member, nextAddress());
    });

    it('counts wrong passwords on one account over both servers, even sent at once', async () => {
      const member = await user({ username: uniqueName('guess') });
      const from = nextAddress();
      const guess = (server: FastifyInstance, password: string) =>
        call(server, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: member.username, password },
          remoteAddress: from,
        });
      // Four wrong guesses at once, two on each server: three are checked (401), one refused (429).
      const burst = await Promise.all([a, b, a, b].map((server, i) => guess(server, `fout-${i}`)));
      expect(burst.map((response) => response.statusCode).sort()).toEqual([401, 401, 401, 429]);
      // The right password from that client waits for the window too, on either server.
      expect((await guess(a, member.password)).statusCode).toBe(429);
      expect((await guess(b, member.password)).statusCode).toBe(429);
      // The member, from elsewhere, still gets in (ADR 047).
      await login(b, member, nextAddress());
    });

    it('refuses a session on B within a second after its logout on A', async () => {
      const member = await user({ username: uniqueName('logout') });
      const session = await login(a, member, nextAddress());
      const me = () => call(b, { method: 'GET', url: '/api/User', as: session.token });
      expect((await me()).statusCode).toBe(200); // B keeps the signed-in user now
      const out = await call(a, {
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: session.refreshToken },
      });
      expect(out.statusCode).toBeLessThan(300);
      await withinOneSecond(me, (response) => response.statusCode === 401);
    });

    it('refuses a deactivated member on B within a second after the deactivation on A', async () => {
      const member = await user({ username: uniqueName('inactive') });
      const session = await login(a, member, nextAddress());
      const members = () => call(b, { method: 'GET', url: '/api/User/Members', as: session.token });
      expect((await members()).statusCode).toBe(200);
      const update = await call(a, {
        method: 'POST',
        url: '/api/applicationManager/user/update',
        as: admin,
        payload: { id: member.id, isActive: false },
      });
      expect(update.statusCode, update.body).toBe(200);
      await withinOneSecond(members, (response) => response.body.includes('ACCOUNT_INACTIVE'));
    });

    it('refuses a removed role on B within a second after the change on A', async () => {
      const manager = await user({ username: uniqueName('mgr'), roles: ['ApplicationManager'] });
      const session = await login(a, manager, nextAddress());
      const paged = () =>
        call(b, {
          method: 'POST',
          url: '/api/applicationManager/user/paged',
          as: session.token,
          payload: {},
        });
      expect((await paged()).statusCode).toBe(200);
      const update = await call(a, {
        method: 'POST',
        url: '/api/applicationManager/user/update',
        as: admin,
        payload: { id: manager.id, roles: [] },
      });
      expect(update.statusCode, update.body).toBe(200);
      await withinOneSecond(paged, (response) => response.statusCode === 403);
    });

    it('shows a farm’s new colours on B within a second after the change on A', async () => {
      const manager = await user({ username: uniqueName('kleur'), roles: ['ApplicationManager'] });
      const colors = () => call(b, { method: 'GET', url: '/api/info/colors' });
      // B keeps the farm of the host from now on for 5 s (an entry from an earlier test could lapse
      // during the second this test waits, and hide a missing notification).
      b.appResolver.invalidate();
      const before = json<{ primary: string }>(await colors());
      const primary = before.primary === '#123456' ? '#654321' : '#123456';
      const saved = await call(a, {
        method: 'PUT',
        url: '/api/admin/colors',
        as: manager,
        payload: { primary, secondary: '#ffcc00', background: '#ffffff' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await withinOneSecond(colors, (response) => json<{ primary: string }>(response).primary === primary);
    });

    it('shows a farm’s changed texts on B within a second after the change on A', async () => {
      const translator = await user({ username: uniqueName('tekst'), roles: ['Admin'] });
      const version = async () =>
        json<{ translationsVersion: string | null }>(await call(b, { method: 'GET', url: '/api/info' }))
          .translationsVersion;
      const before = await version(); // B keeps the version for 5 s from here
      const saved = await call(a, {
        method: 'POST',
        url: '/api/admin/translation/Update',
        as: translator,
        payload: { namespace: 'home', key: 'tasks.title', value: `Klusjes ${uniqueName('v')}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await withinOneSecond(
        () => call(b, { method: 'GET', url: '/api/info' }),
        (response) => json<{ translationsVersion: string | null }>(response).translationsVersion !== before,
      );
    });

    it('listens again after its connection is lost, and forgets what it kept meanwhile', async () => {
      const pid = await b.caches.listenerBackendPid();
      expect(pid).toBeTypeOf('number');
      await testDb.handle.unchecked.execute(sql`select pg_terminate_backend(${pid!})`);
      const started = performance.now();
      let again: number | undefined;
      while (performance.now() - started < 5_000) {
        again = await b.caches.listenerBackendPid().catch(() => undefined);
        if (again !== undefined && again !== pid) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(again).toBeTypeOf('number');
      expect(again).not.toBe(pid);
      // And the new connection hears the next change.
      const member = await user({ username: uniqueName('again') });
      const session = await login(a, member, nextAddress());
      const me = () => call(b, { method: 'GET', url: '/api/User', as: session.token });
      expect((await me()).statusCode).toBe(200);
      await call(a, {
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: session.refreshToken },
      });
      await withinOneSecond(me, (response) => response.statusCode === 401);
    });
  },
);
