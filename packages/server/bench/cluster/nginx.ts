/**
 * nginx for `npm run bench:cluster` and the deploy config's test (decision 103): finds Debian's nginx
 * (or installs it), and runs the checked-in `deploy/nginx/pluk.conf` as an unprivileged process with a
 * prefix of its own — its listen port, upstream file and repository path replaced — never the system
 * service.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../../..');
export const deployConfig = join(repoRoot, 'deploy/nginx/pluk.conf');
const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or undefined. */
export function findNginx(): string | undefined {
  return candidates.find((path) => existsSync(path));
}

/** Finds nginx, or installs Debian's package when running as root; throws with what to do otherwise. */
export function findOrInstallNginx(log: (line: string) => void): string {
  const found = findNginx();
  if (found) return found;
  if (userInfo().uid !== 0) {
    throw new Error('nginx is not installed: run `sudo apt-get install -y nginx` first.');
  }
  log('nginx not found: apt-get install -y nginx …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { env, stdio: 'ignore' });
  const installed = findNginx();
  if (!installed) throw new Error('apt-get install nginx did not give /usr/sbin/nginx');
  return installed;
}

export interface NginxSite {
  /** The prefix: its config, pid, logs and temporary files. */
  prefix: string;
  port: number;
  /** `host:port` of each Pluk process; `down` ones are left out by nginx. */
  upstreams: { address: string; down?: boolean }[];
  /** The built web app whose /assets/ nginx serves (default: the repository's packages/web/dist). */
  webDist?: string;
}

/** The upstream file's lines, as deploy/nginx/upstream.conf writes them. */
export function upstreamLines(upstreams: NginxSite['upstreams']): string {
  return upstreams
    .map(({ address, down }) => `server ${address} max_fails=1 fail_timeout=2s${down ? ' down' : ''};\n`)
    .join('');
}

/**
 * Writes `<prefix>/nginx.conf`: a main config (no daemon, pid, temporary paths and logs in the prefix)
 * around the deploy's site, whose `listen 80`, upstream include and /opt/pluk are replaced.
 */
export function writeNginxSite(site: NginxSite): { config: string; upstreamFile: string } {
  mkdirSync(site.prefix, { recursive: true });
  const upstreamFile = join(site.prefix, 'upstream.conf');
  writeFileSync(upstreamFile, upstreamLines(site.upstreams));
  const server = readFileSync(deployConfig, 'utf8')
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${site.port};`)
    .replaceAll('/etc/pluk/nginx-upstream.conf', upstreamFile)
    .replaceAll('/opt/pluk/packages/web/dist', site.webDist ?? '/opt/pluk/packages/web/dist')
    .replaceAll('/opt/pluk', repoRoot);
  if (server.includes('listen 80') || !server.includes(upstreamFile)) {
    throw new Error(
      `${deployConfig}: its listen line or upstream include moved; update bench/cluster/nginx.ts`,
    );
  }
  const config = join(site.prefix, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(site.prefix, name)};`;
  writeFileSync(
    config,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(site.prefix, 'nginx.pid')};`,
      `error_log ${join(site.prefix, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      server,
      '}',
      '',
    ].join('\n'),
  );
  return { config, upstreamFile };
}

/** nginx's own arguments for a prefix (`-e`: no attempt at the system's error log). */
export const nginxArgs = (prefix: string, config: string) => [
  '-p',
  prefix,
  '-c',
  config,
  '-e',
  join(prefix, 'error.log'),
];

/** Runs as `nobody` when we are root, so nginx never holds root (its prefix is handed to `nobody`). */
function unprivileged(prefix: string): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'nobody']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'nobody']).toString().trim());
  chownSync(prefix, uid, gid);
  return { uid, gid };
}

/** `nginx -t`: answers nginx's output, throws when the config is refused. */
export function testNginxConfig(nginx: string, prefix: string, config: string): string {
  const { uid, gid } = unprivileged(prefix);
  const run = spawnSync(nginx, ['-t', ...nginxArgs(prefix, config)], { uid, gid, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`.trim();
  if (run.status !== 0) throw new Error(`nginx -t refused ${config}:\n${output}`);
  return output;
}

export interface RunningNginx {
  process: ChildProcess;
  /** Rewrites the upstream file and reloads (graceful: old workers finish their requests). */
  setUpstreams(upstreams: NginxSite['upstreams']): Promise<void>;
  /** The shell command that reloads this nginx (for deploy/rolling-restart.sh). */
  reloadCommand: string;
  upstreamFile: string;
  stop(): Promise<void>;
}

export async function startNginx(nginx: string, site: NginxSite): Promise<RunningNginx> {
  const { config, upstreamFile } = writeNginxSite(site);
  const { uid, gid } = unprivileged(site.prefix);
  testNginxConfig(nginx, site.prefix, config);
  const child = spawn(nginx, nginxArgs(site.prefix, config), { uid, gid, stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await waitForPort(site.port);
  const reload = async () => {
    process.kill(child.pid!, 'SIGHUP');
    // The new workers take over within a few milliseconds; the old ones finish what they hold.
    await new Promise((done) => setTimeout(done, 300));
  };
  return {
    process: child,
    upstreamFile,
    reloadCommand: `kill -HUP ${child.pid}`,
    async setUpstreams(upstreams) {
      writeFileSync(upstreamFile, upstreamLines(upstreams));
      await reload();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const { connect } = await import('node:net');
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}
