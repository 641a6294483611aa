import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultDataDir, defaultLocalesDir, defaultWebDistDir } from './paths.js';

/**
 * Server settings, read from the environment once at start-up. A wrong value stops the server with a
 * message naming the setting and why.
 *
 * | Setting                            | Default                                   | Meaning |
 * |------------------------------------|-------------------------------------------|---------|
 * | `PORT`                             | `3000`                                    | HTTP port for the API and the web app. |
 * | `HOST`                             | `0.0.0.0`                                 | Interface to listen on. |
 * | `DATA_DIR`                         | `<repo>/data`                             | Embedded database (PGlite) folder; relative values resolve against the working directory. |
 * | `DATABASE_URL`                     | unset                                     | `postgres://…`: use this PostgreSQL server instead of the embedded database. |
 * | `ACCESS_TOKEN_TTL_SECONDS`         | `900`                                     | Lifetime of an access token (JWT). |
 * | `REFRESH_TOKEN_TTL_DAYS`           | `30`                                      | Lifetime of a refresh token. |
 * | `JWT_SECRET`                       | generated once, kept in `DATA_DIR/secrets/jwt-secret` (0600) | Secret signing access tokens (at least 32 characters). **Required with `NODE_ENV=production`** (ADR 055). |
 * | `PUBLIC_URL`                       | `http://localhost:<PORT>`                 | Base URL used in e-mailed links (an app's `publicUrl` setting wins). |
 * | `SMTP_HOST`                        | unset                                     | Server-wide SMTP fallback when an app has no `smtp.host` setting. Unset: e-mails are recorded as not sent. |
 * | `SMTP_PORT`                        | `587`                                     | |
 * | `SMTP_SECURE`                      | `false`                                   | `true` for implicit TLS (port 465). |
 * | `SMTP_USER` / `SMTP_PASSWORD`      | unset                                     | SMTP login, when the server needs one. |
 * | `SMTP_FROM`                        | `Pluk <no-reply@localhost>`               | Sender address. |
 * | `SEED_DEMO`                        | `true` on the embedded database, `false` on PostgreSQL | Create the demo farm "De Plukhoeve" when the database has no app yet. |
 * | `LOG_LEVEL`                        | `info`                                    | `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. |
 * | `TRUST_PROXY`                      | `false`                                   | `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs; set behind a reverse proxy so the client IP and Host come from `X-Forwarded-*`. |
 * | `WEB_DIST_DIR`                     | `<repo>/packages/web/dist`                | Built web app to serve at `/`. |
 * | `LOCALES_DIR`                      | `<repo>/packages/web/src/locales`         | The web's bundled texts (`nl-be/*.json`, `nl-be-cooperative/*.json`), read once at start-up: the texts an Admin may override (decision 083). |
 * | `RATE_LIMIT_AUTH_PER_MINUTE`       | `30`                                      | Login, register, RefreshLogin and password-reset calls per client IP per minute. |
 * | `RATE_LIMIT_ACCOUNT_PER_15_MINUTES`| `10`                                      | Failed logins, reset links and refreshes per account and client per 15 minutes; reset e-mails per account (ADR 047). |
 * | `RATE_LIMIT_ACCOUNT_ATTACK_PER_15_MINUTES` | `50`                              | Failed logins on one account from 3+ clients per 15 minutes that lock its login for the rest of the window. |
 * | `RATE_LIMIT_FEED_PER_MINUTE`       | `120`                                     | Calendar feed fetches per client IP per minute (decision 100; a calendar service fetches for many members from one address). |
 * | `WEATHER_API_URL`                  | `https://api.open-meteo.com/v1/forecast`  | Open-Meteo forecast address for the home's weather (point it at a local server in tests). |
 * | `MOLLIE_API_URL`                   | `https://api.mollie.com/v2`               | Mollie's API root for online payments (decision 078; point it at a local stand-in in tests). `https://`, or `http://` on a loopback address only: the farm's API key travels with every call. |
 * | `JOB_CONCURRENCY`                  | `5`                                       | Background jobs (e-mails, web push) one server process runs at the same time. |
 * | `JOB_LEASE_SECONDS`                | `120`                                     | How long a claimed job stays with its process; after that (the process died) another one takes it over. |
 * | `AUDIT_LOG_RETENTION_DAYS`         | `365`                                     | Audit log rows older than this are pruned. |
 * | `DATABASE_POOL_MAX`                | `10`                                      | PostgreSQL connections one server process opens at most. |
 * | `DATABASE_CONNECT_TIMEOUT_SECONDS` | `5`                                       | How long opening a PostgreSQL connection may take before the request answers 503 (ADR 051). |
 * | `DATABASE_STATEMENT_TIMEOUT_SECONDS` | `5`                                     | PostgreSQL cancels a request's statement (or lock wait) after this long: 503; `0` is no limit. Migrations have none. |
 * | `SHUTDOWN_DELAY_SECONDS`           | `0`                                       | On SIGTERM the readiness check answers 503 at once; the server keeps serving this long before it stops listening, so a balancer that probes readiness stops sending first (decision 103). In-flight requests then finish either way. |
 * | `METRICS_TOKEN`                    | unset                                     | Bearer token for `/api/metrics` (Prometheus, at least 16 characters). Unset: only this machine (loopback, no forwarded headers) reads the metrics (ADR 095). |
 */
const booleanSetting = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), 'expected true or false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const intSetting = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** `true`/`false`, a hop count, or a comma-separated list of addresses, as Fastify's trustProxy takes it. */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value): boolean | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') return true;
    if (/^\d+$/.test(lower)) return Number(lower);
    return value.split(',').map((part) => part.trim());
  });

const envSchema = z.object({
  PORT: intSetting(1, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: intSetting(1, 24 * 3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: intSetting(1, 365).default(30),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalText.pipe(z.url('expected a URL such as https://pluk.example.be').optional()),
  SMTP_HOST: optionalText,
  SMTP_PORT: intSetting(1, 65535).default(587),
  SMTP_SECURE: booleanSetting.default(false),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: optionalText,
  SEED_DEMO: booleanSetting.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  WEB_DIST_DIR: optionalText,
  LOCALES_DIR: optionalText,
  RATE_LIMIT_AUTH_PER_MINUTE: intSetting(1, 1_000_000).default(30),
  RATE_LIMIT_ACCOUNT_PER_15_MINUTES: intSetting(1, 1_000_000).default(10),
  JOB_CONCURRENCY: intSetting(1, 100).default(5),
  JOB_LEASE_SECONDS: intSetting(1, 3600).default(120),
  AUDIT_LOG_RETENTION_DAYS: intSetting(1, 36_500).default(365),
  RATE_LIMIT_ACCOUNT_ATTACK_PER_15_MINUTES: intSetting(1, 1_000_000).default(50),
  RATE_LIMIT_FEED_PER_MINUTE: intSetting(1, 1_000_000).default(120),
  DATABASE_POOL_MAX: intSetting(1, 1000).default(10),
  DATABASE_CONNECT_TIMEOUT_SECONDS: intSetting(1, 600).default(5),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: intSetting(0, 86_400).default(5),
  SHUTDOWN_DELAY_SECONDS: intSetting(0, 300).default(0),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WEATHER_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  ),
  MOLLIE_API_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://api.mollie.com/v2' })
      .refine(
        (value) => value.startsWith('https:') || isLoopbackUrl(value),
        'expected an https:// URL (http:// only on a loopback address such as 127.0.0.1)',
      )
      .optional(),
  ),
});

/** Whether a URL's host is this machine (a local stand-in), so plain http cannot leave it. */
function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL pool and timeouts (ADR 051); the embedded database ignores them. */
  database: DatabaseSettings;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  jwtSecret?: string;
  publicUrl: string;
  /** Server-wide SMTP fallback; undefined when SMTP_HOST is unset. */
  smtp?: SmtpConfig;
  defaultFrom: string;
  /** undefined: decided by the database kind (embedded: yes, PostgreSQL: no). */
  seedDemo?: boolean;
  logLevel: string;
  trustProxy: boolean | number | string[];
  /** Bearer token for `/api/metrics`; unset: loopback only (ADR 095). */
  metricsToken?: string;
  /** How long a stopping server keeps serving after its readiness turned 503 (decision 103). */
  shutdownDelaySeconds: number;
  webDistDir: string;
  /** The web's bundled texts, read once at start-up (decision 083). */
  localesDir: string;
  rateLimit: {
    authPerMinute: number;
    accountPer15Minutes: number;
    accountAttackPer15Minutes: number;
    /** Calendar feed fetches per client per minute, a count of their own (decision 100). */
    feedPerMinute: number;
  };
  /** Open-Meteo forecast endpoint. */
  weatherApiUrl: string;
  /** How long the weather request may take before the home shows no conditions (3 s). */
  weatherTimeoutMs: number;
  /** Mollie's API root (online payment, decision 078); the API key is each farm's own. */
  mollieApiUrl: string;
  /** How long one call to Mollie may take (10 s; tests shorten it). */
  mollieTimeoutMs: number;
  /**
   * Accept `http://` push endpoints on loopback addresses (a local push-service stand-in). Only tests
   * set it; there is no environment setting, so a real server takes https push services only.
   */
  allowLoopbackPushEndpoints: boolean;
  /** The background job worker (ADR 048). */
  jobs: {
    concurrency: number;
    leaseSeconds: number;
    /** How often an idle worker looks for due jobs (a request that enqueues wakes it at once). */
    pollMs: number;
    auditLogRetentionDays: number;
  };
}

export interface DatabaseSettings {
  poolMax: number;
  connectTimeoutSeconds: number;
  /** 0: no limit. */
  statementTimeoutSeconds: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into a Config, or throws a ConfigError naming every wrong setting. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid setting(s), the server cannot start:\n${lines.join('\n')}`);
  }
  const e = result.data;
  // A production server's signing key comes from its environment, never generated on the spot (ADR 055).
  if (env.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(
      'Invalid setting(s), the server cannot start:\n' +
        '  JWT_SECRET="": required with NODE_ENV=production (at least 32 random characters, e.g. `openssl rand -base64 48`)',
    );
  }
  const defaultFrom = e.SMTP_FROM ?? 'Pluk <no-reply@localhost>';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR ? resolve(e.DATA_DIR) : defaultDataDir,
    databaseUrl: e.DATABASE_URL,
    database: {
      poolMax: e.DATABASE_POOL_MAX,
      connectTimeoutSeconds: e.DATABASE_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutSeconds: e.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: defaultFrom,
        }
      : undefined,
    defaultFrom,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelaySeconds: e.SHUTDOWN_DELAY_SECONDS,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : defaultWebDistDir,
    localesDir: e.LOCALES_DIR ? resolve(e.LOCALES_DIR) : defaultLocalesDir,
    rateLimit: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      accountPer15Minutes: e.RATE_LIMIT_ACCOUNT_PER_15_MINUTES,
      accountAttackPer15Minutes: e.RATE_LIMIT_ACCOUNT_ATTACK_PER_15_MINUTES,
      feedPerMinute: e.RATE_LIMIT_FEED_PER_MINUTE,
    },
    weatherApiUrl: e.WEATHER_API_URL ?? 'https://api.open-meteo.com/v1/forecast',
    weatherTimeoutMs: 3000,
    mollieApiUrl: (e.MOLLIE_API_URL ?? 'https://api.mollie.com/v2').replace(/\/+$/, ''),
    mollieTimeoutMs: 10_000,
    allowLoopbackPushEndpoints: false,
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      leaseSeconds: e.JOB_LEASE_SECONDS,
      pollMs: 1000,
      auditLogRetentionDays: e.AUDIT_LOG_RETENTION_DAYS,
    },
  };
}
