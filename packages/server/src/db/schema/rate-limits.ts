import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every process on PostgreSQL (ADR 099): one row per limited key (the
 * limiter's name, the farm and the client or account), its hits in the current window and when that
 * window ends. Server-level: the key names the farm, and the limits are checked before anything else.
 * The embedded database (one process) keeps its counters in memory and never writes here.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  // The hourly pruning deletes the ended windows.
  (t) => [index('rate_limit_counters_window_ends').on(t.windowEnds)],
);

/**
 * Failed credential attempts per account and client (ADR 047), shared by every process on PostgreSQL
 * (ADR 099): one row per account and client with its failures and the end of its window. An account
 * is under attack when its live rows add up to the attack limit from enough clients.
 */
export const credentialFailures = pgTable(
  'credential_failures',
  {
    account: text('account').notNull(),
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.client] }),
    index('credential_failures_window_ends').on(t.windowEnds),
  ],
);
