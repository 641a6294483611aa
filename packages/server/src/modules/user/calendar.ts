import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CalendarLink, CalendarSettingsBody } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { calendarFeeds, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../types.js';

/** A link's secret: 32 random bytes, base64url (43 characters), as the reset and refresh tokens. */
const secretPattern = /^([A-Za-z0-9_-]{43})(?:\.ics)?$/;

/** The feed's address for a secret: the farm's web address with the `webcal:` scheme (decision 100). */
export async function calendarFeedUrl(app: FastifyInstance, appId: string, secret: string): Promise<string> {
  const base = await publicUrlOf(app, appId);
  return `${base.replace(/^https?:/i, 'webcal:')}/api/calendar/${secret}.ics`;
}

async function readLink(db: Database, user: AuthUser): Promise<CalendarLink> {
  const [row] = await tenantDb(db, user.appId)
    .select({
      tokenHash: calendarFeeds.tokenHash,
      allEvents: calendarFeeds.allEvents,
      at: calendarFeeds.linkCreatedAt,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, user.id));
  return {
    hasLink: Boolean(row?.tokenHash),
    linkCreatedAt: row?.tokenHash && row.at ? row.at.toISOString() : null,
    allEvents: row?.allEvents ?? false,
    url: null,
  };
}

/** My feed's state, without the link: only its hash is kept. */
export function calendarLink(db: Database, user: AuthUser): Promise<CalendarLink> {
  return readLink(db, user);
}

/**
 * Makes my link, or a new one in place of the old: the row's hash is replaced in one statement, so the
 * old link answers 404 from the next fetch on. The answer is the only place the link is shown.
 */
export async function createCalendarLink(app: FastifyInstance, user: AuthUser): Promise<CalendarLink> {
  const secret = randomToken();
  await inTransaction(app.db, async (tx) => {
    await tenantDb(tx, user.appId)
      .insert(calendarFeeds)
      .values({ appId: user.appId, userId: user.id, tokenHash: hashToken(secret), linkCreatedAt: new Date() })
      .onConflictDoUpdate({
        target: [calendarFeeds.appId, calendarFeeds.userId],
        set: { tokenHash: hashToken(secret), linkCreatedAt: new Date() },
      });
  });
  const link = await readLink(app.db, user);
  return { ...link, url: await calendarFeedUrl(app, user.appId, secret) };
}

/** Stops my link; the choice of all events stays for a next link. */
export async function revokeCalendarLink(db: Database, user: AuthUser): Promise<CalendarLink> {
  await tenantDb(db, user.appId)
    .update(calendarFeeds)
    .set({ tokenHash: null, linkCreatedAt: null })
    .where(eq(calendarFeeds.userId, user.id));
  return readLink(db, user);
}

/** Whether my feed carries all of the farm's events; kept with the link, also before there is one. */
export async function saveCalendarSettings(
  db: Database,
  user: AuthUser,
  body: CalendarSettingsBody,
): Promise<CalendarLink> {
  await tenantDb(db, user.appId)
    .insert(calendarFeeds)
    .values({ appId: user.appId, userId: user.id, allEvents: body.allEvents })
    .onConflictDoUpdate({
      target: [calendarFeeds.appId, calendarFeeds.userId],
      set: { allEvents: body.allEvents },
    });
  return readLink(db, user);
}

export interface FeedOwner {
  userId: number;
  allEvents: boolean;
}

/**
 * The member a feed's file name belongs to, in the farm of the request's host only: a link of another
 * farm, an unknown, renewed or revoked one, and that of a deactivated, unapproved or removed member all
 * give null (one 404 for all, so the answer tells nothing about the link).
 */
export async function feedOwner(db: Database, appId: string, file: string): Promise<FeedOwner | null> {
  const secret = secretPattern.exec(file)?.[1];
  if (!secret) return null;
  const [row] = await tenantDb(db, appId)
    .select({ userId: calendarFeeds.userId, allEvents: calendarFeeds.allEvents })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(secret)),
        eq(users.isActive, true),
        eq(users.isApproved, true),
        isNull(users.anonymizedAt),
      ),
    );
  return row ?? null;
}
