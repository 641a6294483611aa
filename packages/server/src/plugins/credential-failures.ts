import { isIPv6 } from 'node:net';

export interface FailureLimits {
  /** Failed attempts one client may make on one account per window (RATE_LIMIT_ACCOUNT_PER_15_MINUTES). */
  perClient: number;
  /** Failed logins on one account from all clients together that mark an attack (RATE_LIMIT_ACCOUNT_ATTACK_PER_15_MINUTES). */
  attack: number;
  /** The fewest distinct clients an attack comes from: one client is stopped by `perClient` already. */
  attackClients: number;
  windowMs: number;
}

interface AccountRecord {
  windowEnds: number;
  total: number;
  byClient: Map<string, number>;
}

export type Verdict =
  { allowed: true } | { allowed: false; reason: 'client' | 'attack'; retryAfterSeconds: number };

/** Distinct clients tracked per account; an attack is recognised long before this many. */
const maxClientsPerAccount = 1_000;

/**
 * Failed credential attempts per account and client (ADR 047). A wrong password by a stranger counts
 * against that stranger on that account only: the member, from another client, still gets in. An
 * account is "under attack" when, within one window, it has had at least `attack` failures from at
 * least `attackClients` distinct clients; then every login for it is refused until the window ends.
 *
 * Attempts are counted when they start and refunded when they succeed, so a burst of parallel guesses
 * cannot slip past the limit while the password hashes are being checked. In memory, per process, at
 * most `maxAccounts` accounts (oldest out).
 */
export class CredentialFailures {
  private readonly accounts = new Map<string, AccountRecord>();

  constructor(
    private readonly limits: FailureLimits,
    private readonly maxAccounts = 50_000,
  ) {}

  private record(account: string, now: number): AccountRecord | undefined {
    const record = this.accounts.get(account);
    if (record && record.windowEnds <= now) {
      this.accounts.delete(account);
      return undefined;
    }
    return record;
  }

  /** Whether `client` may try `account` now; `checkAttack` is false for routes an attack does not close. */
  check(account: string, client: string, checkAttack: boolean, now = Date.now()): Verdict {
    const record = this.record(account, now);
    if (!record) return { allowed: true };
    const retryAfterSeconds = Math.max(1, Math.ceil((record.windowEnds - now) / 1000));
    if ((record.byClient.get(client) ?? 0) >= this.limits.perClient) {
      return { allowed: false, reason: 'client', retryAfterSeconds };
    }
    if (checkAttack && this.underAttack(record))
      return { allowed: false, reason: 'attack', retryAfterSeconds };
    return { allowed: true };
  }

  private underAttack(record: AccountRecord): boolean {
    return record.total >= this.limits.attack && record.byClient.size >= this.limits.attackClients;
  }

  /** Counts an attempt as failed until `succeeded` refunds it. */
  attempt(account: string, client: string, now = Date.now()): void {
    let record = this.record(account, now);
    if (!record) {
      if (this.accounts.size >= this.maxAccounts) this.accounts.delete(this.accounts.keys().next().value!);
      record = { windowEnds: now + this.limits.windowMs, total: 0, byClient: new Map() };
      this.accounts.set(account, record);
    }
    record.total += 1;
    const known = record.byClient.get(client);
    if (known !== undefined || record.byClient.size < maxClientsPerAccount) {
      record.byClient.set(client, (known ?? 0) + 1);
    }
  }

  /**
   * The attempt was right: the client's failures on this account are forgotten (a member who mistyped
   * a few times starts afresh); other clients' failures stay.
   */
  succeeded(account: string, client: string, now = Date.now()): void {
    const record = this.record(account, now);
    const mine = record?.byClient.get(client);
    if (!record || mine === undefined) return;
    record.total -= mine;
    record.byClient.delete(client);
    if (record.total <= 0) this.accounts.delete(account);
  }

  /** Takes back one attempt of `client` (it succeeded) without forgetting its earlier failures. */
  refund(account: string, client: string, now = Date.now()): void {
    const record = this.record(account, now);
    const mine = record?.byClient.get(client);
    if (!record || mine === undefined) return;
    record.total -= 1;
    if (mine <= 1) record.byClient.delete(client);
    else record.byClient.set(client, mine - 1);
    if (record.total <= 0) this.accounts.delete(account);
  }

  /** Whether the account is under attack now (tests, logs). */
  isUnderAttack(account: string, now = Date.now()): boolean {
    const record = this.record(account, now);
    return record !== undefined && this.underAttack(record);
  }
}

/**
 * Where the failed attempts are counted: in this process (`LocalFailureStore`, the embedded database),
 * or in PostgreSQL for every process together (`PostgresFailureStore`, ADR 099).
 */
export interface FailureStore {
  /** Counts an attempt when `client` may try `account` now; a refused attempt is not counted. */
  tryAttempt(account: string, client: string, checkAttack: boolean): Promise<Verdict>;
  /** Counts an attempt whatever the verdict (a valid reset link gets through a closed count). */
  attempt(account: string, client: string): Promise<void>;
  succeeded(account: string, client: string): Promise<void>;
  refund(account: string, client: string): Promise<void>;
}

/** The counts of this process (one process: the check and the count are one step). */
export class LocalFailureStore implements FailureStore {
  constructor(private readonly failures: CredentialFailures) {}

  async tryAttempt(account: string, client: string, checkAttack: boolean): Promise<Verdict> {
    const verdict = this.failures.check(account, client, checkAttack);
    if (verdict.allowed) this.failures.attempt(account, client);
    return verdict;
  }

  async attempt(account: string, client: string): Promise<void> {
    this.failures.attempt(account, client);
  }

  async succeeded(account: string, client: string): Promise<void> {
    this.failures.succeeded(account, client);
  }

  async refund(account: string, client: string): Promise<void> {
    this.failures.refund(account, client);
  }
}

/**
 * The client an attempt comes from: its IP address, and for IPv6 its /64 network, which one subscriber
 * usually holds whole (one attacker must not count as 2^64 clients).
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
