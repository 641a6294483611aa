import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import type { ChangeListener } from '../db/change-listener.js';
import {
  forgetAllTranslationsVersions,
  forgetTranslationsVersion,
} from '../modules/translation/overrides.js';

/** The one channel every Pluk process listens on for changes of what it keeps (ADR 099). */
export const cacheChannel = 'pluk_cache';

/**
 * What changed, as sent on the channel (JSON, well under PostgreSQL's 8000-byte payload limit):
 * - `users`: these accounts' roles, approval, activity or sessions (logout, password, deactivation…);
 * - `farm`: a farm's name, colours, texts, settings or host names;
 * - `everything`: too much to name (a farm removed with all its accounts).
 */
export type CacheChange =
  | { kind: 'users'; appId: string; userIds: number[] }
  | { kind: 'farm'; appId: string }
  | { kind: 'everything' };

/** More user ids than this go out as `everything`: the payload stays far below 8000 bytes. */
const maxUserIdsPerMessage = 500;

/**
 * Every process keeps the signed-in users (ADR 046), the farm of each host name and each farm's texts
 * version for a few seconds. A change on one process must reach the others at once (a logout or a
 * deactivation refused everywhere within a second): the process that commits the change forgets its
 * own entries and, on PostgreSQL, sends a NOTIFY on `pluk_cache` right after the commit; every process
 * listens on a connection of its own and forgets the entries named. On the embedded database there is
 * one process and forgetting locally is all. Call sites use `usersChanged` / `farmChanged` and never
 * care which (ADR 099).
 *
 * The notification goes out after the commit, not inside the transaction: the local forgetting must
 * follow the commit anyway (a load in between would cache the old state), and one call keeps both
 * together. A process that dies between its commit and the NOTIFY leaves the others on the old state
 * for the entries' lifetime at most (5 s).
 */
export class SharedCaches {
  private listener: ChangeListener | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly database: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>,
  ) {}

  /** These users' access or sessions changed (committed): every process reads them afresh. */
  async usersChanged(appId: string, ...userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.changed(
      userIds.length > maxUserIdsPerMessage ? { kind: 'everything' } : { kind: 'users', appId, userIds },
    );
  }

  /** A farm's name, colours, logo, texts, settings or hosts changed (committed). */
  async farmChanged(appId: string): Promise<void> {
    await this.changed({ kind: 'farm', appId });
  }

  /** Forgets locally and tells the other processes. */
  async changed(change: CacheChange): Promise<void> {
    this.apply(change);
    if (this.database.kind !== 'postgres') return;
    try {
      await this.database.db.execute(sql`select pg_notify(${cacheChannel}, ${JSON.stringify(change)})`);
    } catch (err) {
      // The change is committed; the others keep their entries for 5 s at most. Not the caller's failure.
      this.app.log.warn({ err }, 'cache change not announced to the other processes');
    }
  }

  /** Forgets the entries a change names, in this process. */
  apply(change: CacheChange): void {
    switch (change.kind) {
      case 'users':
        this.app.authUsers.forget(...change.userIds);
        return;
      case 'farm':
        this.app.appResolver.invalidate();
        forgetTranslationsVersion(this.app, change.appId);
        return;
      case 'everything':
        this.forgetEverything();
    }
  }

  private forgetEverything(): void {
    this.app.authUsers.clear();
    this.app.appResolver.invalidate();
    forgetAllTranslationsVersions(this.app);
  }

  /** On PostgreSQL: listens for the other processes' changes (resolves after the first attempt). */
  async start(): Promise<void> {
    const listener = this.database.listen(cacheChannel, {
      message: (payload) => {
        const change = parseChange(payload);
        if (change) this.apply(change);
        else this.app.log.warn('unreadable cache change ignored');
      },
      // Whatever was sent while nobody listened is lost: forget everything on losing and on resuming.
      listening: (reconnected) => {
        if (reconnected) {
          this.forgetEverything();
          this.app.log.info('listening for cache changes again');
        }
      },
      lost: (err, retryInMs) => {
        this.forgetEverything();
        // The code only, no stack: a database going away is an expected state (ADR 051), not a bug.
        const code = (err as { code?: unknown }).code;
        const reason = typeof code === 'string' ? code : err instanceof Error ? err.message : 'unknown';
        this.app.log.warn({ reason, retryInMs }, 'cache change listener lost its connection');
      },
    });
    this.listener = listener;
    await listener?.start();
  }

  /** The listening connection's backend, if any (tests). */
  listenerBackendPid(): Promise<number | undefined> {
    return this.listener?.backendPid() ?? Promise.resolve(undefined);
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }
}

/** A change from the channel, or null for anything else (never trusted further than its shape). */
export function parseChange(payload: string): CacheChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const change = value as Record<string, unknown>;
  if (change.kind === 'everything') return { kind: 'everything' };
  if (typeof change.appId !== 'string') return null;
  if (change.kind === 'farm') return { kind: 'farm', appId: change.appId };
  if (
    change.kind === 'users' &&
    Array.isArray(change.userIds) &&
    change.userIds.every((id) => Number.isSafeInteger(id))
  ) {
    return { kind: 'users', appId: change.appId, userIds: change.userIds as number[] };
  }
  return null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forget what processes keep after a committed change of users or farms (ADR 099). */
    caches: SharedCaches;
  }
}
