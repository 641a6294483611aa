import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { FailureLimits, FailureStore, Verdict } from './credential-failures.js';

/** postgres.js answers `execute` with the rows themselves. */
const rowsOf = <Row>(result: unknown) => result as Row[];

const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Failed credential attempts counted in PostgreSQL for every process together (ADR 047, ADR 099): a
 * client's limit on an account holds over all servers, and an attack seen by several servers is one
 * attack. The client's count is checked and raised in one statement under the row's lock, so parallel
 * guesses on two servers cannot both slip under the limit. Each client's failures on an account keep
 * their own window (from that client's first failure); the attack adds up the live ones.
 */
export class PostgresFailureStore implements FailureStore {
  constructor(
    private readonly db: Database,
    private readonly limits: FailureLimits,
  ) {}

  private get windowSeconds(): number {
    return this.limits.windowMs / 1000;
  }

  async tryAttempt(account: string, client: string, checkAttack: boolean): Promise<Verdict> {
    if (checkAttack) {
      const [attack] = rowsOf<{ total: number; clients: number; left_ms: number | null }>(
        await this.db.execute(sql`
          select coalesce(sum(failures), 0)::int as total, count(*)::int as clients,
            ceil(extract(epoch from (max(window_ends) - clock_timestamp())) * 1000)::int as left_ms
          from credential_failures
          where account = ${account} and window_ends > clock_timestamp()`),
      );
      if (
        attack &&
        Number(attack.total) >= this.limits.attack &&
        Number(attack.clients) >= this.limits.attackClients
      ) {
        return { allowed: false, reason: 'attack', retryAfterSeconds: retryAfter(Number(attack.left_ms)) };
      }
    }
    const counted = rowsOf<{ failures: number }>(
      await this.db.execute(sql`
        insert into credential_failures as c (account, client, failures, window_ends)
        values (${account}, ${client}, 1, clock_timestamp() + make_interval(secs => ${this.windowSeconds}))
        on conflict (account, client) do update set
          failures = case when c.window_ends <= clock_timestamp() then 1 else c.failures + 1 end,
          window_ends = case when c.window_ends <= clock_timestamp() then excluded.window_ends else c.window_ends end
        where c.window_ends <= clock_timestamp() or c.failures < ${this.limits.perClient}
        returning failures`),
    );
    if (counted.length > 0) return { allowed: true };
    const [row] = rowsOf<{ left_ms: number }>(
      await this.db.execute(sql`
        select ceil(extract(epoch from (window_ends - clock_timestamp())) * 1000)::int as left_ms
        from credential_failures where account = ${account} and client = ${client}`),
    );
    return { allowed: false, reason: 'client', retryAfterSeconds: retryAfter(Number(row?.left_ms ?? 1000)) };
  }

  async attempt(account: string, client: string): Promise<void> {
    await this.db.execute(sql`
      insert into credential_failures as c (account, client, failures, window_ends)
      values (${account}, ${client}, 1, clock_timestamp() + make_interval(secs => ${this.windowSeconds}))
      on conflict (account, client) do update set
        failures = case when c.window_ends <= clock_timestamp() then 1 else c.failures + 1 end,
        window_ends = case when c.window_ends <= clock_timestamp() then excluded.window_ends else c.window_ends end`);
  }

  /** The right secret: this client's failures on the account are forgotten; other clients' stay. */
  async succeeded(account: string, client: string): Promise<void> {
    await this.db.execute(
      sql`delete from credential_failures where account = ${account} and client = ${client}`,
    );
  }

  /** Takes back one attempt of this client (it succeeded) without forgetting its earlier failures. */
  async refund(account: string, client: string): Promise<void> {
    await this.db.execute(sql`
      delete from credential_failures
      where account = ${account} and client = ${client} and failures <= 1`);
    await this.db.execute(sql`
      update credential_failures set failures = failures - 1
      where account = ${account} and client = ${client} and failures > 1`);
  }
}
