import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@pluk/contract';
import { createTestContext, testHost, type TestContext } from './helpers/test-app.js';

// ADR 095: an answer given before the body was read reaches a real client (fetch
// on a listening server, not app.inject) instead of a connection reset.
let ctx: TestContext;
let base: string;
let managerToken: string;
let memberToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await ctx.createUser({ username: 'groot', roles: ['TaskManager'] });
  const member = await ctx.createUser({ username: 'lid' });
  managerToken = ctx.tokenFor(manager);
  memberToken = ctx.tokenFor(member);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** About 5 MB of JSON: a task whose description is far over the 1 MB body limit. */
const hugeTask = JSON.stringify({ title: 'Te groot', description: 'x'.repeat(5 * 1024 * 1024) });

async function post(path: string, token: string | undefined, body: string) {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: {
      host: testHost,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  return { status: response.status, body: errorBodySchema.parse(await response.json()) };
}

/**
 * A client that sends its whole request before it reads the answer (as a browser's upload does on a
 * busy line): the answer is read only once everything was written. A server that closed the socket
 * while the body was still coming resets it, and the answer is lost with it.
 */
function sendWholeThenRead(path: string, token: string | undefined, body: string): Promise<string> {
  const port = new URL(base).port;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const head =
      `POST /api/${path} HTTP/1.1\r\nHost: ${testHost}\r\nContent-Type: application/json\r\n` +
      (token ? `Authorization: Bearer ${token}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    socket.on('error', (err) => resolve(`error ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    socket.write(head + body, () => {
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

describe('an early answer reaches the client', () => {
  it('answers a client that writes its whole 5 MB body before reading: 413, 401, 403', async () => {
    for (const [token, status] of [
      [managerToken, 413],
      [undefined, 401],
      [memberToken, 403],
    ] as const) {
      const answer = await sendWholeThenRead('applicationManager/Task/Create', token, hugeTask);
      expect(answer.slice(0, 12), answer.slice(0, 80)).toBe(`HTTP/1.1 ${status}`);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    }
  });

  it('answers a 5 MB body 413 PAYLOAD_TOO_LARGE, three times in a row', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await post('applicationManager/Task/Create', managerToken, hugeTask);
      expect(answer.status).toBe(413);
      expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('answers 401 to a large body without a token', async () => {
    const answer = await post('applicationManager/Task/Create', undefined, hugeTask);
    expect(answer.status).toBe(401);
  });

  it('answers 403 to a large body from a member without the role', async () => {
    const answer = await post('applicationManager/Task/Create', memberToken, hugeTask);
    expect(answer.status).toBe(403);
  });

  it('still answers a small body normally on the same server', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { host: testHost } });
    expect(response.status).toBe(200);
  });
});
