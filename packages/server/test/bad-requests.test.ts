/**
 * Regression tests of ADR 052: each bad request the seeded fuzz of the OpenAPI
 * document found answers a clear 4xx in the contract's error shape, never a 5xx or a 2xx.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, idParam, maxId } from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let member: CreatedUser;
let manager: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.createUser({ username: 'badreqlid' });
  manager = await ctx.createUser({ username: 'badreqbeheer', roles: ['ApplicationManager'] });
});
afterAll(() => ctx.close());

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
};

const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('ids are plain digits within the column range', () => {
  const malformed = [
    '0x1',
    '1e0',
    '+1',
    '01',
    '1.0',
    ' 1 ',
    '0',
    '-1',
    String(2 ** 31),
    String(2 ** 53),
    '9'.repeat(30),
  ];

  it.each(malformed)('refuses the path id %j with a 400 naming the parameter', async (id) => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/User/ContactData/${encodeURIComponent(id)}`,
      as: member,
    });
    const body = expectError(response, 400, 'VALIDATION_ERROR');
    expect(body.error.fields?.id).toMatch(/id moet een nummer zijn/);
  });

  it('refuses an id longer than 500 characters as a bad id, not an unknown route', async () => {
    const response = await ctx.request({ method: 'GET', url: `/api/event/${'1'.repeat(600)}`, as: member });
    expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('id');
  });

  it('answers the largest id as not found, and names the parameter of a two-parameter path', async () => {
    expectError(
      await ctx.request({ method: 'GET', url: `/api/event/${maxId}`, as: member }),
      404,
      'NOT_FOUND',
    );
    const comment = await ctx.request({ method: 'GET', url: '/api/comment/task/1e0', as: member });
    expect(expectError(comment, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('subjectId');
  });

  it('refuses body ids beyond the integer range with a 400 naming the field, before SQL', async () => {
    for (const userId of [2 ** 31, 2 ** 53, 1.5, 0]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/Approve',
        as: manager,
        payload: { userId },
      });
      expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields?.userId).toMatch(/userId moet/);
    }
  });

  it('reads digits only in the contract schema', () => {
    expect(idParam('id').parse('42')).toBe(42);
    expect(idParam('id').parse(String(maxId))).toBe(maxId);
    for (const id of ['0x1', '1e0', '+1', '01', '1.0', ' 1 ', String(maxId + 1), '']) {
      expect(idParam('id').safeParse(id).success, id).toBe(false);
    }
  });
});

describe('a null or non-object body where an object is expected', () => {
  it.each(['null', '[]', '"text"', '5', 'true'])('answers 400 to the body %s', async (payload) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: manager,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields?._).toMatch(/JSON-object/);
  });

  it('still reads a missing body as {} (the defaults apply)', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: manager,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('control characters in text fields', () => {
  it.each(['\u0000', '\u0001', '\u001b', '\u007f'])(
    'refuses %j in a JSON field, naming it',
    async (character) => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/feedback/create',
        as: member,
        payload: { subject: 'Vraag', message: `Hallo${character}daar` },
      });
      expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('message');
    },
  );

  it('keeps tab and new lines in multi-line text', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/feedback/create',
      as: member,
      payload: { subject: 'Vraag', message: 'Regel een\r\nRegel\ttwee\n' },
    });
    expect(response.statusCode).toBeLessThan(300);
  });

  it.each(['\u0000', '\u0002'])('refuses %j in a multipart text field, naming it', async (character) => {
    const { payload, headers } = multipartBody([
      { name: 'title', value: `Nieuws${character}` },
      { name: 'body', value: '<p>tekst</p>' },
    ]);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Post',
      as: manager,
      headers,
      payload,
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('title');
  });
});

describe('malformed multipart', () => {
  const multipartRoutes = [
    { method: 'POST', url: '/api/User/ChangeAvatar' },
    { method: 'POST', url: '/api/Media/Create' },
    { method: 'POST', url: '/api/applicationManager/Post' },
    { method: 'PUT', url: '/api/applicationManager/Post' },
  ] as const;

  it.each(multipartRoutes)('$method $url answers 415 without boundary', async ({ method, url }) => {
    const { payload } = multipartBody([
      { name: 'file', fileName: 'a.png', type: 'image/png', data: tinyPng },
    ]);
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      const response = await ctx.request({
        method,
        url,
        as: manager,
        headers: { 'content-type': type },
        payload,
      });
      expect(expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE').error.message).toMatch(/boundary/);
    }
  });

  it.each(multipartRoutes)('$method $url answers 400 to broken parts', async ({ method, url }) => {
    for (const text of [
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nhalf',
      '--b\r\nno header end',
    ]) {
      const response = await ctx.request({
        method,
        url,
        as: manager,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload: text,
      });
      expect(response.statusCode, text).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, text).toBeLessThan(500);
      errorBodySchema.parse(response.json());
    }
  });
});

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });

  function raw(text: string): Promise<{ head: string; body: string; ended: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const all = Buffer.concat(chunks).toString('utf8');
        const split = all.indexOf('\r\n\r\n');
        resolve({ head: all.slice(0, split), body: all.slice(split + 4), ended: true });
      });
      socket.write(text);
    });
  }

  it.each([
    [
      'oversized headers',
      `GET /api/health HTTP/1.1\r\nHost: farm.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    ['a header without colon', 'GET /api/health HTTP/1.1\r\nHost: farm.test\r\nBad Header\r\n\r\n', 400],
    ['a broken request line', 'GET\r\nHost: farm.test\r\n\r\n', 400],
    [
      'a bad Content-Length',
      'POST /api/auth/login HTTP/1.1\r\nHost: farm.test\r\nContent-Length: abc\r\n\r\n',
      400,
    ],
  ])('answers %s in the contract shape with Connection: close', async (_name, text, status) => {
    const answer = await raw(text);
    expect(answer.head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer.head).toMatch(/\r\nconnection: close/i);
    expect(answer.head).toMatch(/\r\ncontent-type: application\/json/i);
    errorBodySchema.parse(JSON.parse(answer.body));
  });

  it('lets a keep-alive client go on with its next request on a new connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/health',
              agent,
              headers: { host: 'farm.test', ...headers },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    expect(await get({ 'x-big': 'a'.repeat(20_000) })).toBe(431);
    expect(await get({})).toBe(200);
    agent.destroy();
  });
});
