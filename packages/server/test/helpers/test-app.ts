import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { parseConfig, type Config } from '../../src/config.js';
import type { Database, DatabaseHandle } from '../../src/db/client.js';
import {
  createApp,
  createUser,
  type AppInput,
  type CreatedUser,
  type UserInput,
} from '../../src/seed/factories.js';
import { openTestDatabase } from './test-db.js';

export const testHost = 'farm.test';

/** Settings for tests: quiet, fixed secret, limits out of the way, no web build, no SMTP. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...parseConfig({}),
    logLevel: 'silent',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    publicUrl: 'http://pluk.test',
    webDistDir: '/nonexistent/pluk-web-dist',
    rateLimit: {
      authPerMinute: 100_000,
      accountPer15Minutes: 100_000,
      accountAttackPer15Minutes: 100_000,
      feedPerMinute: 100_000,
    },
    smtp: undefined,
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  /** The raw handle, to break the database on purpose. */
  database: DatabaseHandle;
  /** The default app of the test database (`farm`, host farm.test). */
  appId: string;
  createApp(input: AppInput): Promise<{ appId: string; name: string }>;
  createUser(input: Omit<UserInput, 'appId'> & { appId?: string }): Promise<CreatedUser>;
  /** An access token for a user (no session), as login would give. */
  tokenFor(user: { id: number; appId: string }): string;
  /** Injects with the test host and, when `as` is given, that user's bearer token. */
  request(
    options: InjectOptions & { as?: { id: number; appId: string } | string },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;
/** A unique username per call, so tests sharing a database never collide. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid}x${counter}`;
}

/** Builds the app on a fresh migrated database with one default app `farm`. */
export async function createTestContext(
  options: {
    config?: Partial<Config>;
    withDefaultApp?: boolean;
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  // The tests' own queries (setup, assertions) are not the server's: they skip the tenancy checker.
  const db = database.handle.unchecked;
  const appId = 'farm';
  if (options.withDefaultApp ?? true) {
    await createApp(db, {
      appId,
      name: 'Testhoeve',
      isDefault: true,
      hosts: [testHost],
      membershipExplanation: 'Zo word je lid.',
      customRegistrationQuestion: 'Waarom wil je lid worden?',
    });
  }
  const app = await buildApp({
    config: testConfig(options.config),
    database: database.handle,
    logStream: options.logStream,
  });
  await app.ready();
  const tokenFor = (user: { id: number; appId: string }) => app.accessTokens.issue(user);
  return {
    app,
    db,
    database: database.handle,
    appId,
    createApp: (input) => createApp(db, input),
    createUser: (input) => createUser(db, { appId, ...input }),
    tokenFor,
    request: ({ as, headers, ...rest }) => {
      const auth =
        as === undefined ? {} : { authorization: `Bearer ${typeof as === 'string' ? as : tokenFor(as)}` };
      return app.inject({ ...rest, headers: { host: testHost, ...auth, ...headers } });
    },
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The parsed JSON body of a response. */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
