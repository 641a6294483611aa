import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findNginx,
  startNginx,
  testNginxConfig,
  writeNginxSite,
  type RunningNginx,
} from '../bench/cluster/nginx.js';

/**
 * The checked-in nginx site (deploy/nginx/pluk.conf, decision 103), run as `npm run bench:cluster` runs
 * it: nginx accepts it, sends the hashed assets' .gz twins as they are, passes the Host and overwrites a
 * client's X-Forwarded-For, and sends a request a stopped process refuses to the next one. Skipped
 * where nginx is not installed.
 */
const nginx = findNginx();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function call(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.method === 'POST' ? '{}' : undefined);
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe.skipIf(!nginx)('the nginx site of deploy/ (skipped where nginx is not installed)', () => {
  let dir: string;
  let upstream: Server;
  let running: RunningNginx;
  let port: number;
  const gzipped = gzipSync(Buffer.from('console.log("pluk");\n'.repeat(50)));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pluk-nginx-test-'));
    chmodSync(dir, 0o755); // nginx runs as nobody and reads the web build from here
    const assets = join(dir, 'web', 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, 'index-abc123.js'), 'console.log("pluk");\n'.repeat(50));
    writeFileSync(join(assets, 'index-abc123.js.gz'), gzipped);
    chmodSync(join(dir, 'web'), 0o755);
    chmodSync(assets, 0o755);
    // A stand-in for a Pluk process: says what it was sent.
    upstream = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ method: req.method, host: req.headers.host, xff: req.headers['x-forwarded-for'] }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const live = (upstream.address() as AddressInfo).port;
    const stopped = await freePort(); // nothing listens there: a process being restarted
    port = await freePort();
    running = await startNginx(nginx!, {
      prefix: join(dir, 'nginx'),
      port,
      webDist: join(dir, 'web'),
      upstreams: [{ address: `127.0.0.1:${stopped}` }, { address: `127.0.0.1:${live}` }],
    });
  });

  afterAll(async () => {
    await running?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is accepted by nginx -t', async () => {
    const { config } = writeNginxSite({
      prefix: join(dir, 'check'),
      port: await freePort(),
      upstreams: [{ address: '127.0.0.1:2' }],
    });
    expect(testNginxConfig(nginx!, join(dir, 'check'), config)).toContain('test is successful');
  });

  it('sends the .gz twin of an asset as it is, with Vary and a year of caching', async () => {
    const zipped = await call(port, '/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.headers['cache-control']).toContain('immutable');
    expect(zipped.body.equals(gzipped)).toBe(true);
    const plain = await call(port, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('console.log');
    expect((await call(port, '/assets/missing.js')).status).toBe(404);
  });

  it('passes the Host, overwrites X-Forwarded-For, and retries a refused connection on the next process', async () => {
    for (let i = 0; i < 4; i++) {
      for (const method of ['GET', 'POST']) {
        const answer = await call(port, '/api/User', {
          method,
          headers: {
            host: 'hetveld.localhost:8080',
            'x-forwarded-for': '203.0.113.9',
            'content-type': 'application/json',
          },
        });
        expect(answer.status, `${method} ${i}`).toBe(200);
        expect(JSON.parse(answer.body.toString())).toEqual({
          method,
          host: 'hetveld.localhost:8080',
          xff: '127.0.0.1',
        });
      }
    }
  });
});
