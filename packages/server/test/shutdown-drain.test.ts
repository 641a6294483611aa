import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { drainAndClose } from '../src/lib/shutdown.js';
import { createApp } from '../src/seed/factories.js';
import { testConfig, testHost } from './helpers/test-app.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

/**
 * Decision 103: a server asked to stop turns its readiness 503 first, keeps serving through the delay,
 * then stops listening while the requests in flight finish; the database closes last. A rolling restart
 * behind a balancer drops nothing only if all of that holds.
 */
interface Answer {
  status: number;
  body: string;
}

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: testHost } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never happened');
}

describe('stopping without dropping a request', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  let release: () => void = () => {};
  let entered: () => void = () => {};
  const slowEntered = new Promise<void>((resolve) => (entered = resolve));
  const events: string[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase();
    await createApp(testDb.handle.unchecked, {
      appId: 'farm',
      name: 'Testhoeve',
      isDefault: true,
      hosts: [testHost],
    });
    app = await buildApp({ config: testConfig(), database: testDb.handle });
    // A request still running when the server is told to stop.
    app.get('/test/slow', async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      events.push('slow answered');
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    release(); // a failed assertion must not leave the slow request, and so the close, hanging
    if (app.server.listening) await app.close();
    await testDb.drop();
  });

  it('answers ready 503 at once, serves through the delay, then finishes what is in flight', async () => {
    expect((await get(port, '/api/health/ready')).status).toBe(200);
    const slow = get(port, '/test/slow');
    await slowEntered;
    // A connection accepted whose request has not been read yet (a balancer's, in a busy process).
    const accepted = new Promise((resolve) => app.server.once('connection', resolve));
    const early: Socket = connect(port, '127.0.0.1');
    let earlyAnswer = '';
    early.setEncoding('utf8');
    early.on('data', (chunk: string) => (earlyAnswer += chunk));
    const earlyEnded = new Promise<string>((resolve, reject) => {
      early.on('end', () => resolve(earlyAnswer));
      early.on('error', reject);
    });
    await accepted;

    const stopped = drainAndClose(app, { close: async () => void events.push('database closed') }, 300);
    const ready = await get(port, '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });
    // Still serving during the delay: a balancer that has not probed yet loses nothing.
    expect((await get(port, '/api/health/live')).status).toBe(200);
    expect((await get(port, '/api/health')).status).toBe(200);

    // After the delay the listener closes: a new connection is refused (a balancer retries it elsewhere)…
    await until(() =>
      get(port, '/api/health/live').then(
        () => false,
        (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
      ),
    );
    // …while the connection accepted before is still served: its request now, answered in full (http's
    // own close would have reset it as idle, and Fastify's answered it 503)…
    early.end(`GET /api/health/live HTTP/1.1\r\nHost: ${testHost}\r\nConnection: close\r\n\r\n`);
    expect(await earlyEnded).toMatch(/^HTTP\/1\.1 200 /);
    // …and the request in flight is still waiting to finish, the database still open.
    expect(events).toEqual([]);
    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
    await stopped;
    expect(events).toEqual(['slow answered', 'database closed']);
  });
});
