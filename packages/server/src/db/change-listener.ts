import postgres from 'postgres';

export interface ChangeListenerHandlers {
  /** A notification's payload on the channel. */
  message(payload: string): void;
  /**
   * The channel is listened to (again). Whatever was sent while no connection listened is lost, so
   * after a reconnection the caller forgets everything it keeps (ADR 099).
   */
  listening(reconnected: boolean): void;
  /** The connection is lost or could not be opened; another attempt follows after `retryInMs`. */
  lost(err: unknown, retryInMs: number): void;
}

/** Waits before the next attempt: 100 ms doubling per failure, at most 5 s. */
export function listenerRetryDelayMs(failures: number): number {
  return Math.min(100 * 2 ** failures, 5_000);
}

/**
 * One PostgreSQL connection per process that LISTENs on one channel (ADR 099): outside the request
 * pool and its gate, without the statement timeout, never idle-closed. postgres.js's own `listen`
 * gives up for good when its reconnection fails once (the database still down), so this one opens a
 * new connection after every loss, with a growing delay, until it is stopped.
 */
export class ChangeListener {
  private sql: postgres.Sql | undefined;
  private failures = 0;
  private everListened = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: ChangeListenerHandlers,
  ) {}

  /** Resolves once the first attempt listens or failed (then it keeps trying in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const sql = postgres(this.url, {
      max: 1,
      idle_timeout: 0,
      max_lifetime: 0,
      fetch_types: false,
      connect_timeout: 5,
      onnotice: () => {},
      connection: { application_name: 'pluk-cache-listener' },
      onnotify: (channel: string, payload: string) => {
        if (channel === this.channel) this.handlers.message(payload);
      },
      onclose: () => this.retry(sql, new Error('the listening connection closed')),
    } as postgres.Options<Record<string, never>>);
    this.sql = sql;
    try {
      await sql.unsafe(`listen "${this.channel.replace(/"/g, '""')}"`);
    } catch (err) {
      this.retry(sql, err);
      return;
    }
    if (this.sql !== sql) return;
    this.failures = 0;
    this.handlers.listening(this.everListened);
    this.everListened = true;
  }

  /** Drops the lost connection and schedules a new one (once per lost connection). */
  private retry(sql: postgres.Sql, err: unknown): void {
    if (this.stopped || this.sql !== sql) return;
    this.sql = undefined;
    void sql.end({ timeout: 0 }).catch(() => undefined);
    const delay = listenerRetryDelayMs(this.failures);
    this.failures += 1;
    // Notifications may have been missed from here on: the caller forgets its entries now and again
    // when listening resumes.
    this.handlers.lost(err, delay);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }

  /** The listening connection's backend (tests end it to see the reconnection). */
  async backendPid(): Promise<number | undefined> {
    const sql = this.sql;
    if (!sql) return undefined;
    const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    return row?.pid;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const sql = this.sql;
    this.sql = undefined;
    await sql?.end({ timeout: 1 }).catch(() => undefined);
  }
}
