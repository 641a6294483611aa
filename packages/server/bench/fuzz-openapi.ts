/**
 * `npm run fuzz -w @pluk/server`: a seeded fuzz of the API over every operation of its own OpenAPI
 * document. Boots the real app on a fresh database with the demo seed (in-memory PGlite, or with
 * DATABASE_URL a new database on that PostgreSQL server, dropped afterwards) on a loopback port, reads
 * `/api/docs/json`, and sends FUZZ_REQUESTS (default 10 000) requests over real keep-alive HTTP: per
 * operation in turn, valid and malformed inputs (test/helpers/request-arbitraries.ts) as no one, a
 * member, an analyst, a manager or an admin; one request in 25 is raw bad HTTP on its own socket
 * (oversized headers, broken request lines, bad Content-Length or chunking). FUZZ_SEED (default 20261123)
 * fixes the sequence. Prints the count per status class and every finding: a 5xx, a 4xx outside the
 * contract's error shape, a socket closed without `Connection: close`, a malformed id taken as a valid
 * one, a 400 naming no field for a bad id, a `null` body or a control character accepted, and hangs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { users } from '../src/db/schema/index.js';
import { seedDemo } from '../src/seed/demo.js';
import {
  isContractError,
  requestArbitrary,
  type FuzzRequest,
  type JsonSchema,
  type Operation,
} from '../test/helpers/request-arbitraries.js';
import { openTestDatabase } from '../test/helpers/test-db.js';

const total = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const timeoutMs = 10_000;

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
}

/** The operations of an OpenAPI document, with path and query parameters gathered as object schemas. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const group = (where: string): JsonSchema | undefined => {
        const list = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
        if (list.length === 0) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(list.map((parameter) => [parameter.name, parameter.schema ?? {}])),
          required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        };
      };
      const content = operation.requestBody?.content ?? {};
      const body: Operation['body'] =
        // The document has no request body for the multipart routes; their summary names the fields.
        content['multipart/form-data'] ||
        operation.consumes?.includes('multipart/form-data') ||
        (!operation.requestBody && /multipart/i.test(operation.summary ?? ''))
          ? 'multipart'
          : content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'),
        params: group('path'),
        query: group('query'),
        body,
      });
    }
  }
  return operations;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(agent: http.Agent, port: number, request: FuzzRequest): Promise<Answer | 'hang' | Error> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: request.method,
        path: request.url,
        headers: { host: 'localhost', ...request.headers },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => resolve(error));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve('hang');
    });
    outgoing.on('error', (error) => resolve(error));
    outgoing.end(request.payload);
  });
}

/** Raw bad HTTP the parser itself refuses: what comes back before the socket closes. */
const rawRequests: { kind: string; text: string }[] = [
  {
    kind: 'raw:oversized-header',
    text: `GET /api/info HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    kind: 'raw:oversized-headers',
    text: `GET /api/info HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'b'.repeat(60)}`).join('\r\n')}\r\n\r\n`,
  },
  { kind: 'raw:broken-request-line', text: 'GET\r\nHost: localhost\r\n\r\n' },
  {
    kind: 'raw:header-without-colon',
    text: 'GET /api/info HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
  },
  {
    kind: 'raw:bad-content-length',
    text: 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n',
  },
  {
    kind: 'raw:bad-chunk',
    text: 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
  {
    kind: 'raw:content-length-and-chunked',
    text: 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  { kind: 'raw:bad-version', text: 'GET /api/info HTTP/9.9\r\nHost: localhost\r\n\r\n' },
  {
    kind: 'raw:control-in-header',
    text: 'GET /api/info HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0001b\r\n\r\n',
  },
];

function sendRaw(port: number, text: string): Promise<{ head: string; body: string } | 'hang'> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('hang');
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: split < 0 ? all : all.slice(0, split), body: split < 0 ? '' : all.slice(split + 4) });
    });
    socket.write(text);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pluk-fuzz-'));
  const fresh = await openTestDatabase();
  const database = { ...fresh.handle, db: fresh.handle.unchecked };
  await seedDemo(database.db);
  const config = {
    ...parseConfig({ DATA_DIR: dataDir, WEATHER_API_URL: 'http://127.0.0.1:9/' }),
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    smtp: undefined,
    rateLimit: {
      authPerMinute: 10_000_000,
      accountPer15Minutes: 10_000_000,
      accountAttackPer15Minutes: 10_000_000,
      feedPerMinute: 10_000_000,
    },
  };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const tokens: (string | undefined)[] = [undefined];
  for (const username of ['lid', 'analist', 'beheerder', 'admin']) {
    const [user] = await database.db
      .select({ id: users.id, appId: users.appId })
      .from(users)
      .where(eq(users.username, username));
    if (user) tokens.push(app.accessTokens.issue(user));
  }

  const docs = await send(agent, port, { method: 'GET', url: '/api/docs/json', headers: {}, kind: 'docs' });
  if (docs === 'hang' || docs instanceof Error) throw new Error('no OpenAPI document');
  const operations = operationsOf(JSON.parse(docs.body));
  const samples = operations.map((operation, index) =>
    fc.sample(requestArbitrary(operation), {
      seed: seed + index,
      numRuns: Math.ceil(total / operations.length) + 1,
    }),
  );

  const classes = new Map<string, number>();
  const findings = new Map<string, { count: number; example: string }>();
  const note = (finding: string, example: string) => {
    const seen = findings.get(finding);
    if (seen) seen.count += 1;
    else findings.set(finding, { count: 1, example });
  };
  const count = (status: number | string) => {
    const key = typeof status === 'number' ? `${Math.floor(status / 100)}xx` : status;
    classes.set(key, (classes.get(key) ?? 0) + 1);
  };
  const random = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), { seed, numRuns: total });
  const started = Date.now();
  for (let index = 0; index < total; index++) {
    const roll = random[index]!;
    if (roll % 25 === 0) {
      const raw = rawRequests[(roll >> 5) % rawRequests.length]!;
      const answer = await sendRaw(port, raw.text);
      if (answer === 'hang') {
        count('hang');
        note(`hang on ${raw.kind}`, raw.kind);
        continue;
      }
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer.head)?.[1] ?? 0);
      if (status === 0) {
        count('no answer');
        note(`${raw.kind}: socket closed without an answer`, raw.kind);
        continue;
      }
      count(status);
      if (status >= 500) note(`${raw.kind}: ${status}`, answer.head.split('\r\n')[0]!);
      else if (status >= 400) {
        if (!isContractError(parseJson(answer.body)))
          note(`${raw.kind}: ${status} outside the contract's error shape`, answer.body.slice(0, 120));
        if (!/\r\nconnection: close/i.test(answer.head))
          note(`${raw.kind}: ${status} and the socket closed without Connection: close`, raw.kind);
      }
      continue;
    }
    const operationIndex = index % operations.length;
    const operation = operations[operationIndex]!;
    const request = samples[operationIndex]![Math.floor(index / operations.length)]!;
    const token = tokens[roll % tokens.length];
    if (token) request.headers = { ...request.headers, authorization: `Bearer ${token}` };
    const answer = await send(agent, port, request);
    const label = `${operation.method} ${operation.path}`;
    if (answer === 'hang') {
      count('hang');
      note(`hang: ${label} ${request.kind}`, request.url);
      continue;
    }
    if (answer instanceof Error) {
      count('reset');
      note(`connection error: ${answer.message}`, `${label} ${request.kind}`);
      continue;
    }
    count(answer.status);
    const body = parseJson(answer.body);
    const error = (body as { error?: { code?: string; fields?: Record<string, string> } } | undefined)?.error;
    if (answer.status >= 500)
      note(`${answer.status}: ${label} ${request.kind}`, `${request.method} ${request.url.slice(0, 100)}`);
    if (answer.status >= 400 && answer.status < 500 && !isContractError(body))
      note(`${answer.status} outside the contract's error shape: ${label}`, answer.body.slice(0, 120));
    if (request.kind.startsWith('id:')) {
      if (answer.status < 400 || (answer.status === 404 && error?.code === 'NOT_FOUND'))
        note(`malformed id taken as an id (${answer.status})`, `${request.kind} ${label}`);
      else if (answer.status === 404 && error?.code === 'ROUTE_NOT_FOUND')
        note('malformed id answered 404 ROUTE_NOT_FOUND', `${request.kind} ${label}`);
      else if (answer.status === 400 && !error?.fields)
        note('malformed id answered 400 naming no field', `${request.kind} ${label}`);
    }
    if (request.kind === 'body:null' && answer.status < 300) note('null body accepted (2xx)', label);
    if (request.kind.endsWith('control-character') && answer.status < 300)
      note('control character accepted (2xx)', `${label} ${request.kind}`);
    if (request.kind.endsWith('control-character') && answer.status === 400 && !error?.fields)
      note('control character answered 400 naming no field', `${label} ${request.kind}`);
  }
  const seconds = (Date.now() - started) / 1000;

  console.log(
    `Pluk fuzz: ${total} requests, seed ${seed}, ${operations.length} operations, ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite in memory'}, ${seconds.toFixed(0)} s`,
  );
  console.log(
    [...classes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => `${key}: ${value}`)
      .join('  '),
  );
  const list = [...findings.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`findings: ${list.length === 0 ? 'none' : ''}`);
  for (const [finding, { count: n, example }] of list)
    console.log(`  ${String(n).padStart(5)}  ${finding}  — e.g. ${example}`);

  agent.destroy();
  await app.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
