import { formatVirtualMoney } from '@pluk/contract';
import type { FastifyInstance } from 'fastify';
import {
  and,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ManagerRequestPage, MyRequests, RequestDetail, RequestPage } from '@pluk/contract';
import type {
  managerRequestQuerySchema,
  requestInputSchema,
  requestListQuerySchema,
  requestUpdateSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { requests, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { preparedQuery } from '../../db/prepared.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import { likePattern } from '../../lib/like-pattern.js';
import type { AuthUser } from '../../types.js';
import {
  insertNotifications,
  type CreatedNotification,
  type NotificationInput,
} from '../notification/notify.js';
import { memberWalletId, moveMoney } from '../wallet/ledger.js';
import { assertCanPromise, isTransactionable } from '../wallet/reserved.js';
import {
  closedNotification,
  confirmedNotification,
  deletedNotification,
  refusedNotification,
  takenNotification,
} from './notifications.js';
import {
  hasEnded,
  presentRequestDetail,
  presentRequestSummary,
  type RequestRow,
  type RequestWithPeople,
} from './presenter.js';

type Db = Database | Transaction;

const requester = alias(users, 'requester');
const taker = alias(users, 'taker');

/** Requests with the requester's and taker's names (both of this app: the join keeps app_id). */
function selectWithPeople(db: Db, appId: string, extra: Record<string, SQL> = {}) {
  return tenantDb(db, appId)
    .select({
      request: requests,
      requesterFirst: requester.firstName,
      requesterLast: requester.lastName,
      takerFirst: taker.firstName,
      takerLast: taker.lastName,
      ...extra,
    })
    .from(requests)
    .innerJoin(
      requester,
      and(eq(requester.appId, requests.appId), eq(requester.id, requests.requesterUserId)),
    )
    .leftJoin(taker, and(eq(taker.appId, requests.appId), eq(taker.id, requests.takenByUserId)))
    .$dynamic();
}

const inApp = (appId: string, id: number) => and(eq(requests.appId, appId), eq(requests.id, id));

async function loadRequest(db: Db, appId: string, id: number): Promise<RequestWithPeople> {
  const [row] = await selectWithPeople(db, appId).where(inApp(appId, id));
  if (!row) throw notFound();
  return row as RequestWithPeople;
}

/** One request for a member (404 for another farm's). */
export async function requestDetail(
  db: Db,
  user: AuthUser,
  id: number,
  now = new Date(),
): Promise<RequestDetail> {
  return presentRequestDetail(await loadRequest(db, user.appId, id), user.id, now);
}

/** Newest first (index `requests_app_created_id`, read backwards). */
const requestKeys: PageKey[] = [
  { column: requests.createdAt, type: 'timestamptz', desc: true },
  { column: requests.id, type: 'integer', desc: true },
];

const searchOf = (search: string | undefined) =>
  search
    ? or(ilike(requests.title, likePattern(search)), ilike(requests.description, likePattern(search)))
    : undefined;

type ListFilter = Pick<
  z.output<typeof requestListQuerySchema>,
  'isCompleted' | 'hasEnded' | 'mine' | 'search'
>;

/**
 * The member list's filter (contract `requestListQuerySchema`); `userId` and `now` are values or the
 * placeholders of the prepared query (Drizzle binds a placeholder wherever it binds a value).
 */
function listWhere(appId: string, userId: number | Placeholder, query: ListFilter, now: Date | Placeholder) {
  const at = now as Date;
  const me = userId as number;
  const conditions: (SQL | undefined)[] = [eq(requests.appId, appId)];
  if (query.isCompleted === true) conditions.push(inArray(requests.status, ['completed', 'closed']));
  else conditions.push(inArray(requests.status, ['open', 'taken']));
  if (query.hasEnded === false) conditions.push(or(isNull(requests.neededBy), gt(requests.neededBy, at)));
  if (query.hasEnded === true) conditions.push(lte(requests.neededBy, at));
  if (query.mine === true) conditions.push(eq(requests.requesterUserId, me));
  if (query.mine === false) conditions.push(ne(requests.requesterUserId, me));
  conditions.push(searchOf(query.search));
  return and(...conditions);
}

const flag = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * The list's page without a search (the home block and the list screen), built once per app and
 * filter (ADR 046); key `appId|isCompleted|hasEnded|mine|cursor`.
 */
const requestPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', isCompleted, hasEnded, mine, cursor, win] = key.split('|');
  const window = windowOf(win);
  const filter = { isCompleted: flag(isCompleted), hasEnded: flag(hasEnded), mine: flag(mine) };
  const where = listWhere(appId, sql.placeholder('userId'), filter, sql.placeholder('now'));
  return selectWithPeople(db, appId, {
    cursor: cursorColumn(requestKeys),
    total: cappedTotal(tenantDb(db, appId), requests, where),
  })
    .where(
      and(where, cursor === 'after' ? afterCursor(requestKeys, cursorPlaceholders(requestKeys)) : undefined),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`request_page${cursor === 'after' ? '_after' : ''}_${win}`);
});

/**
 * Requests, newest first, a page at a time. Without `isCompleted`: the open and taken ones (what a member
 * can still help with or follow); `isCompleted=true`: completed or closed.
 */
export async function listRequests(
  db: Database,
  user: AuthUser,
  query: z.output<typeof requestListQuerySchema>,
  now = new Date(),
): Promise<RequestPage> {
  const farm = tenantDb(db, user.appId);
  // Built only when this request builds its statement (a search) or counts apart (never for the prepared page).
  const where = () => listWhere(user.appId, user.id, query, now);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const rows = query.search
    ? await selectWithPeople(db, user.appId, {
        cursor: cursorColumn(requestKeys),
        total: cappedTotal(farm, requests, where()),
      })
        .where(
          and(
            where(),
            query.after ? afterCursor(requestKeys, decodeCursor(requestKeys, query.after)) : undefined,
          ),
        )
        .orderBy(desc(requests.createdAt), desc(requests.id))
        .limit(window.limit)
        .offset(window.offset)
    : await requestPageQuery(
        db,
        `${user.appId}|${query.isCompleted}|${query.hasEnded}|${query.mine}|${query.after ? 'after' : ''}|${windowKey(request)}`,
        {
          userId: user.id,
          now: now.toISOString(),
          ...windowParams(request),
          ...cursorParams(requestKeys, query.after),
        },
      );
  const page = await finishPage(
    rows as (RequestWithPeople & { cursor: string; total: number })[],
    request,
    (r) => presentRequestSummary(r, user.id, now),
    (cap) => countUpTo(farm, requests, where(), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** What I asked and what I took, newest first (the latest 100 of each). */
export async function myRequests(db: Database, user: AuthUser, now = new Date()): Promise<MyRequests> {
  const appId = user.appId;
  const [asked, taken] = await Promise.all([
    selectWithPeople(db, appId)
      .where(and(eq(requests.appId, appId), eq(requests.requesterUserId, user.id)))
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(100),
    selectWithPeople(db, appId)
      .where(and(eq(requests.appId, appId), eq(requests.takenByUserId, user.id)))
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(100),
  ]);
  return {
    asked: (asked as RequestWithPeople[]).map((r) => presentRequestSummary(r, user.id, now)),
    taken: (taken as RequestWithPeople[]).map((r) => presentRequestSummary(r, user.id, now)),
  };
}

/** Every request of the app for the RequestManager, newest first, with a status filter and search. */
export async function managerRequests(
  db: Database,
  manager: AuthUser,
  query: z.output<typeof managerRequestQuerySchema>,
  now = new Date(),
): Promise<ManagerRequestPage> {
  const appId = manager.appId;
  const farm = tenantDb(db, appId);
  const where = and(
    eq(requests.appId, appId),
    query.status === 'all' ? undefined : eq(requests.status, query.status),
    searchOf(query.search),
  );
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const rows = await selectWithPeople(db, appId, {
    cursor: cursorColumn(requestKeys),
    total: cappedTotal(farm, requests, where),
  })
    .where(
      and(where, query.after ? afterCursor(requestKeys, decodeCursor(requestKeys, query.after)) : undefined),
    )
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows as (RequestWithPeople & { cursor: string; total: number })[],
    request,
    (r) => presentRequestDetail(r, manager.id, now),
    (cap) => countUpTo(farm, requests, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** Locks the request row: every take, confirm, refuse and change of one request queues here. */
async function lockRequest(tx: Transaction, appId: string, id: number): Promise<RequestRow> {
  const [row] = await tenantDb(tx, appId).select().from(requests).where(inApp(appId, id)).for('update');
  if (!row) throw notFound();
  return row;
}

const notYours = (what: string) => new HttpError(403, 'FORBIDDEN', `Alleen de aanvrager kan ${what}.`);

const pastMessage = 'Kies een moment in de toekomst.';

/**
 * A reward is promised money (ADR 058): the requester must trade with virtual money, and what they have
 * not promised yet (`balance − reserved`, read under their wallet lock) must cover it. `alreadyReserved`
 * is this request's own reward when it is changed (it is in `reserved` already).
 */
async function checkReward(
  tx: Transaction,
  appId: string,
  userId: number,
  rewardCents: number,
  alreadyReserved = 0,
) {
  await assertCanPromise(
    tx,
    appId,
    userId,
    rewardCents,
    {
      notTransactionable:
        'Je handelt niet met plukgeld, dus je kan geen beloning geven. Zet het aan in je portefeuille of vraag het aan de beheerders.',
      insufficient: (available) =>
        `Je hebt niet genoeg plukgeld beschikbaar voor deze beloning (nog ${formatVirtualMoney(available)} vrij).`,
    },
    alreadyReserved,
  );
}

type RequestInput = z.output<typeof requestInputSchema>;

function checkNeededBy(input: RequestInput, now: Date) {
  if (input.neededBy !== null && new Date(input.neededBy).getTime() <= now.getTime()) {
    throw new HttpError(400, 'VALIDATION_ERROR', pastMessage, { neededBy: pastMessage });
  }
}

const requestValues = (input: RequestInput) => ({
  title: input.title,
  description: input.description,
  rewardCents: input.rewardCents,
  neededBy: input.neededBy === null ? null : new Date(input.neededBy),
});

export async function createRequest(
  db: Database,
  user: AuthUser,
  input: RequestInput,
): Promise<RequestDetail> {
  const now = new Date();
  checkNeededBy(input, now);
  const id = await inTransaction(db, async (tx) => {
    await checkReward(tx, user.appId, user.id, input.rewardCents);
    const [row] = await tenantDb(tx, user.appId)
      .insert(requests)
      .values({ appId: user.appId, requesterUserId: user.id, ...requestValues(input) })
      .returning({ id: requests.id });
    return row!.id;
  });
  return requestDetail(db, user, id, now);
}

/** Changes my request while it is open; a changed reward is checked again against what I have free. */
export async function updateRequest(
  db: Database,
  user: AuthUser,
  input: z.output<typeof requestUpdateSchema>,
): Promise<RequestDetail> {
  const now = new Date();
  await inTransaction(db, async (tx) => {
    const current = await lockRequest(tx, user.appId, input.id);
    if (current.requesterUserId !== user.id) throw notYours('dit verzoek wijzigen');
    if (current.status !== 'open') {
      throw new HttpError(
        409,
        'REQUEST_NOT_OPEN',
        'Dit verzoek werd al opgenomen of is afgesloten: wijzigen kan niet meer.',
      );
    }
    const sameNeededBy =
      (input.neededBy === null ? null : new Date(input.neededBy).getTime()) ===
      (current.neededBy === null ? null : new Date(current.neededBy).getTime());
    if (!sameNeededBy) checkNeededBy(input, now);
    if (input.rewardCents > current.rewardCents) {
      await checkReward(tx, user.appId, user.id, input.rewardCents, current.rewardCents);
    }
    await tenantDb(tx, user.appId)
      .update(requests)
      .set({ ...requestValues(input), updatedAt: sql`now()` })
      .where(inApp(user.appId, input.id));
  });
  return requestDetail(db, user, input.id, now);
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Takes an open request of someone else. The row is locked first, so of many members racing for it
 * exactly one finds it open; the others get 409 REQUEST_NOT_OPEN. A repeat by the one who took it
 * answers 200 and changes nothing.
 */
export async function takeRequest(app: FastifyInstance, user: AuthUser, id: number): Promise<RequestDetail> {
  const now = new Date();
  const appId = user.appId;
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const request = await lockRequest(tx, appId, id);
    if (request.requesterUserId === user.id) throw new HttpError(409, 'REQUEST_OWN');
    if (request.status === 'taken' && request.takenByUserId === user.id) return [];
    if (request.status !== 'open') throw new HttpError(409, 'REQUEST_NOT_OPEN');
    if (hasEnded(request, now)) throw new HttpError(409, 'REQUEST_ENDED');
    if (request.rewardCents > 0 && !(await isTransactionable(tx, appId, user.id))) {
      throw new HttpError(
        409,
        'NOT_TRANSACTIONABLE',
        'Dit verzoek heeft een beloning in plukgeld, maar je handelt niet met plukgeld. Zet het aan in je portefeuille of vraag het aan de beheerders.',
      );
    }
    await tenantDb(tx, appId)
      .update(requests)
      .set({ status: 'taken', takenByUserId: user.id, takenAt: now, updatedAt: sql`now()` })
      .where(inApp(appId, id));
    const [me] = await tenantDb(tx, appId)
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, user.id)));
    return insertNotifications(tx, appId, [
      takenNotification(request.requesterUserId, request, fullName(me!)),
    ]);
  });
  app.push.deliver(created);
  return requestDetail(app.db, user, id, now);
}

/**
 * The requester confirms the help: taken → completed, and the reward moves requester → taker with the key
 * `reward:<id>:<takenAt ms>` (ADR 058). A confirm of a completed request answers 200 and changes nothing.
 */
export async function confirmRequest(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
): Promise<RequestDetail> {
  const appId = user.appId;
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const request = await lockRequest(tx, appId, id);
    if (request.requesterUserId !== user.id) throw notYours('dit verzoek bevestigen');
    if (request.status === 'completed') return [];
    if (request.status === 'closed')
      throw new HttpError(409, 'REQUEST_NOT_OPEN', 'Dit verzoek is afgesloten.');
    if (request.status !== 'taken' || request.takenByUserId === null || request.takenAt === null) {
      throw new HttpError(409, 'REQUEST_NOT_TAKEN');
    }
    const takerId = request.takenByUserId;
    if (request.rewardCents > 0) {
      const from = await memberWalletId(tx, appId, request.requesterUserId);
      const to = await memberWalletId(tx, appId, takerId);
      await moveMoney(tx, {
        appId,
        fromWalletId: from,
        toWalletId: to,
        amountCents: request.rewardCents,
        kind: 'reward',
        description: `Beloning voor "${request.title}"`,
        idempotencyKey: `reward:${request.id}:${new Date(request.takenAt).getTime()}`,
        requestId: request.id,
        createdByUserId: user.id,
      });
    }
    await tenantDb(tx, appId)
      .update(requests)
      .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
      .where(inApp(appId, id));
    return insertNotifications(tx, appId, [confirmedNotification(takerId, request)]);
  });
  app.push.deliver(created);
  return requestDetail(app.db, user, id);
}

/** The requester refuses the taker: the request opens again and the taker is told. */
export async function refuseRequest(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
): Promise<RequestDetail> {
  const appId = user.appId;
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const request = await lockRequest(tx, appId, id);
    if (request.requesterUserId !== user.id) throw notYours('de hulp bij dit verzoek weigeren');
    if (request.status === 'completed') throw new HttpError(409, 'REQUEST_COMPLETED');
    if (request.status === 'closed')
      throw new HttpError(409, 'REQUEST_NOT_OPEN', 'Dit verzoek is afgesloten.');
    if (request.status !== 'taken') throw new HttpError(409, 'REQUEST_NOT_TAKEN');
    await tenantDb(tx, appId)
      .update(requests)
      .set({ status: 'open', takenByUserId: null, takenAt: null, updatedAt: sql`now()` })
      .where(inApp(appId, id));
    return request.takenByUserId === null
      ? []
      : insertNotifications(tx, appId, [refusedNotification(request.takenByUserId, request)]);
  });
  app.push.deliver(created);
  return requestDetail(app.db, user, id);
}

/** Deletes my request unless it was completed; a taker is told it does not go on. */
export async function deleteRequest(app: FastifyInstance, user: AuthUser, id: number): Promise<void> {
  const appId = user.appId;
  const created = await inTransaction(app.db, async (tx) => {
    const request = await lockRequest(tx, appId, id);
    if (request.requesterUserId !== user.id) throw notYours('dit verzoek verwijderen');
    if (request.status === 'completed') throw new HttpError(409, 'REQUEST_COMPLETED');
    await tenantDb(tx, appId).delete(requests).where(inApp(appId, id));
    return request.status === 'taken' && request.takenByUserId !== null
      ? insertNotifications(tx, appId, [deletedNotification(request.takenByUserId, request)])
      : [];
  });
  app.push.deliver(created);
}

/** A RequestManager closes a request that is not completed; requester and taker are told. */
export async function managerCloseRequest(
  app: FastifyInstance,
  manager: AuthUser,
  id: number,
): Promise<RequestDetail> {
  const appId = manager.appId;
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const request = await lockRequest(tx, appId, id);
    if (request.status === 'completed') throw new HttpError(409, 'REQUEST_COMPLETED');
    if (request.status === 'closed') return [];
    await tenantDb(tx, appId)
      .update(requests)
      .set({ status: 'closed', updatedAt: sql`now()` })
      .where(inApp(appId, id));
    const notes: NotificationInput[] = [closedNotification(request.requesterUserId, request)];
    if (request.status === 'taken' && request.takenByUserId !== null) {
      notes.push(closedNotification(request.takenByUserId, request));
    }
    return insertNotifications(tx, appId, notes);
  });
  app.push.deliver(created);
  const row = await loadRequest(app.db, appId, id);
  return presentRequestDetail(row, manager.id, new Date());
}

/** A RequestManager deletes a request; a completed one's ledger movement stays (its link is cleared). */
export async function managerDeleteRequest(db: Database, manager: AuthUser, id: number): Promise<void> {
  const deleted = await tenantDb(db, manager.appId)
    .delete(requests)
    .where(inApp(manager.appId, id))
    .returning({ id: requests.id });
  if (deleted.length === 0) throw notFound();
}
