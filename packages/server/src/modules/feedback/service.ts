import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Feedback, FeedbackPage, ManagedFeedback, ManagedFeedbackPage } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { feedback, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import {
  afterCursor,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { insertNotifications } from '../notification/notify.js';
import { presentFeedback, presentManagedFeedback } from './presenter.js';

const mine = (appId: string, userId: number) => and(eq(feedback.appId, appId), eq(feedback.userId, userId));

const alreadyHandled = () => new HttpError(409, 'FEEDBACK_ALREADY_HANDLED');

type PageQuery = { page: number; pageSize: number; after?: string | undefined };

const pageRequest = (query: PageQuery) => ({
  offset: query.page * query.pageSize,
  pageSize: query.pageSize,
  after: query.after,
});

/** Newest first (index `feedback_user_created` / `feedback_app_handled_created`). */
const newestKeys: PageKey[] = [
  { column: feedback.createdAt, type: 'timestamptz', desc: true },
  { column: feedback.id, type: 'integer', desc: true },
];
/** The manager's list without a filter: unhandled first, then newest first. */
const handledThenNewestKeys: PageKey[] = [{ column: feedback.isHandled, type: 'boolean' }, ...newestKeys];

const after = (keys: PageKey[], query: PageQuery) =>
  query.after ? afterCursor(keys, decodeCursor(keys, query.after)) : undefined;

/** My feedback, newest first, one page (`page` 0-based). */
export async function listMyFeedback(
  app: FastifyInstance,
  appId: string,
  userId: number,
  query: PageQuery,
): Promise<FeedbackPage> {
  const where = mine(appId, userId);
  const request = pageRequest(query);
  const window = pageWindow(request);
  const farm = tenantDb(app.db, appId);
  const rows = await farm
    .select({ ...getTableColumns(feedback), cursor: cursorColumn(newestKeys) })
    .from(feedback)
    .where(and(where, after(newestKeys, query)))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(rows, request, presentFeedback, (cap) =>
    countUpTo(farm, feedback, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

export async function getMyFeedback(
  app: FastifyInstance,
  appId: string,
  userId: number,
  id: number,
): Promise<Feedback> {
  const [row] = await tenantDb(app.db, appId)
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), mine(appId, userId)));
  if (!row) throw notFound();
  return presentFeedback(row);
}

export async function createFeedback(
  app: FastifyInstance,
  appId: string,
  userId: number,
  input: { subject: string; message: string },
): Promise<Feedback> {
  const [row] = await tenantDb(app.db, appId)
    .insert(feedback)
    .values({ appId, userId, subject: input.subject, message: input.message })
    .returning();
  if (!row) throw new Error('Feedback not stored');
  return presentFeedback(row);
}

/** Changes my feedback; once a manager handled it, it stays as it was answered (409). */
export async function updateFeedback(
  app: FastifyInstance,
  appId: string,
  userId: number,
  input: { id: number; subject: string; message: string },
): Promise<Feedback> {
  // One conditional update: a manager handling it at the same moment wins or loses as a whole.
  const [row] = await tenantDb(app.db, appId)
    .update(feedback)
    .set({ subject: input.subject, message: input.message })
    .where(and(eq(feedback.id, input.id), mine(appId, userId), eq(feedback.isHandled, false)))
    .returning();
  if (row) return presentFeedback(row);
  await getMyFeedback(app, appId, userId, input.id); // 404 when it is not mine
  throw alreadyHandled();
}

const senderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** All feedback of the app for managers (or only the (un)handled), one page: unhandled first, then newest first. */
export async function listAppFeedback(
  app: FastifyInstance,
  appId: string,
  query: PageQuery & { isHandled?: boolean },
): Promise<ManagedFeedbackPage> {
  const where =
    query.isHandled === undefined
      ? eq(feedback.appId, appId)
      : and(eq(feedback.appId, appId), eq(feedback.isHandled, literalFlag(query.isHandled)));
  // With a filter the flag is one value: newest first is the whole order, one row comparison.
  const keys = query.isHandled === undefined ? handledThenNewestKeys : newestKeys;
  const request = pageRequest(query);
  const window = pageWindow(request);
  const farm = tenantDb(app.db, appId);
  const rows = await farm
    .select({ feedback, sender: senderColumns, cursor: cursorColumn(keys) })
    .from(feedback)
    .leftJoin(users, and(eq(users.id, feedback.userId), eq(users.appId, appId)))
    .where(and(where, after(keys, query)))
    .orderBy(asc(feedback.isHandled), desc(feedback.createdAt), desc(feedback.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (row) => presentManagedFeedback(row.feedback, row.sender?.id ? row.sender : null),
    (cap) => countUpTo(farm, feedback, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

function excerpt(text: string, max = 140): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Marks feedback handled with an optional answer and tells its member (notification and push, link
 * to /account/feedback). Handling twice answers 409: the first manager's answer stands.
 */
export async function handleFeedback(
  app: FastifyInstance,
  appId: string,
  managerId: number,
  input: { id: number; answer?: string | null },
): Promise<ManagedFeedback> {
  const answer = input.answer?.trim() ? input.answer.trim() : null;
  const { row, created } = await inTransaction(app.db, async (tx) => {
    const txDb = tx as unknown as Database;
    const [updated] = await txDb
      .update(feedback)
      .set({ isHandled: true, answer, handledByUserId: managerId, handledAt: sql`now()` })
      .where(and(eq(feedback.id, input.id), eq(feedback.appId, appId), eq(feedback.isHandled, false)))
      .returning();
    if (!updated) {
      const [exists] = await txDb
        .select({ id: feedback.id })
        .from(feedback)
        .where(and(eq(feedback.id, input.id), eq(feedback.appId, appId)));
      throw exists ? alreadyHandled() : notFound();
    }
    const about = updated.subject ? `“${excerpt(updated.subject, 80)}”` : 'je bericht';
    const notificationsMade =
      updated.userId === null
        ? []
        : await insertNotifications(txDb, appId, [
            {
              userId: updated.userId,
              title: answer ? 'Je feedback werd beantwoord' : 'Je feedback werd behandeld',
              body: answer ? excerpt(answer) : `We hebben ${about} bekeken. Bedankt!`,
              link: '/account/feedback',
            },
          ]);
    return { row: updated, created: notificationsMade };
  });
  void app.push.deliver(created);
  const [sender] =
    row.userId === null
      ? []
      : await tenantDb(app.db, appId)
          .select(senderColumns)
          .from(users)
          .where(and(eq(users.id, row.userId), eq(users.appId, appId)));
  return presentManagedFeedback(row, sender ?? null);
}
