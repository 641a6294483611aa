/** What the cache needs of a user: its id, to forget it (the server caches its `AuthUser`). */
interface CachedUser {
  id: number;
}

interface Entry<User extends CachedUser> {
  user: User;
  until: number;
}

/**
 * The signed-in user (id, roles, approval, session alive) of recent requests, so an authenticated read
 * costs no query for it (ADR 046). Kept `ttlMs` at most, and forgotten at once by `forget(userId)`,
 * which every change of a user's roles, approval or activity and every revocation of its sessions calls
 * after its write: logout, password change, password reset, approval, refresh-token reuse.
 *
 * A load that ran while someone forgot a user could carry the old state; `load` therefore stores
 * nothing when any `forget` happened since it started (a generation counter), so a forgotten state never
 * comes back. At most `maxEntries` entries, oldest out first.
 */
export class AuthUserCache<User extends CachedUser> {
  private readonly entries = new Map<string, Entry<User>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** How many entries are cached (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** The cached user of `key`, else `loader`'s answer, cached unless it is null or someone forgot meanwhile. */
  async load(key: string, loader: () => Promise<User | null>): Promise<User | null> {
    const cached = this.entries.get(key);
    const now = Date.now();
    if (cached && cached.until > now) return cached.user;
    const startedAt = this.generation;
    const user = await loader();
    if (user && this.generation === startedAt) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { user, until: now + this.ttlMs });
    } else if (!user) {
      this.entries.delete(key);
    }
    return user;
  }

  /** Forgets every cached session of these users; the next request reads them fresh. */
  forget(...userIds: number[]): void {
    this.generation += 1;
    if (userIds.length === 0) return;
    const ids = new Set(userIds);
    for (const [key, entry] of this.entries) if (ids.has(entry.user.id)) this.entries.delete(key);
  }

  /** Forgets everything (a change that touches many users at once). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** The cache key of a token's user: app, user and session (the impersonation target has no session). */
export function authUserKey(appId: string, userId: number, sessionId?: string): string {
  return `${appId}|${userId}|${sessionId ?? ''}`;
}
