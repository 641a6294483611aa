import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import {
  passesRoleCheck,
  type Comment,
  type CommentPage,
  type CommentSubjectType,
  type CreateCommentBody,
  type Role,
  type UpdateCommentBody,
} from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { comments, events, posts, products, tasks, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';

/** The manager role that moderates the comments of each kind of subject (decision 039). */
export const moderatorRole: Record<CommentSubjectType, Role> = {
  task: 'TaskManager',
  event: 'EventManager',
  post: 'PostManager',
  offer: 'ProductManager',
};

/**
 * Throws 404 unless the subject exists in the caller's app. A post must be active unless the caller is a
 * PostManager; an offer is any offer of the app (its detail shows its comments, closed or not).
 */
export async function assertSubjectVisible(
  db: Database,
  user: AuthUser,
  subjectType: CommentSubjectType,
  subjectId: number,
): Promise<void> {
  let found = false;
  switch (subjectType) {
    case 'task': {
      const [row] = await tenantDb(db, user.appId)
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.id, subjectId), eq(tasks.appId, user.appId)));
      found = Boolean(row);
      break;
    }
    case 'event': {
      const [row] = await tenantDb(db, user.appId)
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, subjectId), eq(events.appId, user.appId)));
      found = Boolean(row);
      break;
    }
    case 'post': {
      const [row] = await tenantDb(db, user.appId)
        .select({ id: posts.id, isActive: posts.isActive })
        .from(posts)
        .where(and(eq(posts.id, subjectId), eq(posts.appId, user.appId)));
      found = Boolean(row) && (row!.isActive || passesRoleCheck(user.roles, 'PostManager'));
      break;
    }
    case 'offer': {
      const [row] = await tenantDb(db, user.appId)
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, subjectId), eq(products.appId, user.appId)));
      found = Boolean(row);
      break;
    }
  }
  if (!found) throw notFound();
}

const commentColumns = {
  id: comments.id,
  subjectType: comments.subjectType,
  subjectId: comments.subjectId,
  body: comments.body,
  userId: comments.userId,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};
type CommentRow = {
  id: number;
  subjectType: string;
  subjectId: number;
  body: string;
  userId: number | null;
  createdAt: Date;
  editedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
};

function canModerate(user: AuthUser, subjectType: CommentSubjectType): boolean {
  return passesRoleCheck(user.roles, moderatorRole[subjectType]);
}

function present(row: CommentRow, user: AuthUser): Comment {
  const subjectType = row.subjectType as CommentSubjectType;
  const own = row.userId !== null && row.userId === user.id;
  return {
    id: row.id,
    subjectType,
    subjectId: row.subjectId,
    body: row.body,
    authorName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    authorId: row.userId,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    canEdit: own,
    canDelete: own || canModerate(user, subjectType),
  };
}

async function loadComment(db: Database, appId: string, id: number): Promise<CommentRow | undefined> {
  const [row] = await tenantDb(db, appId)
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.id, id), eq(comments.appId, appId)));
  return row;
}

/** The comments' order: oldest first (index `comments_subject_created`). */
const commentKeys: PageKey[] = [
  { column: comments.createdAt, type: 'timestamptz' },
  { column: comments.id, type: 'integer' },
];

/** One page of the comments on a subject, oldest first (new comments land on the last page). */
export async function listComments(
  app: FastifyInstance,
  user: AuthUser,
  subjectType: CommentSubjectType,
  subjectId: number,
  query: { page: number; pageSize: number; after?: string | undefined },
): Promise<CommentPage> {
  await assertSubjectVisible(app.db, user, subjectType, subjectId);
  const where = and(
    eq(comments.appId, user.appId),
    eq(comments.subjectType, subjectType),
    eq(comments.subjectId, subjectId),
  );
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const farm = tenantDb(app.db, user.appId);
  const rows = await farm
    .select({ ...commentColumns, cursor: cursorColumn(commentKeys) })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(
      and(where, query.after ? afterCursor(commentKeys, decodeCursor(commentKeys, query.after)) : undefined),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (row) => present(row, user),
    (cap) => countUpTo(farm, comments, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

export async function createComment(
  app: FastifyInstance,
  user: AuthUser,
  body: CreateCommentBody,
): Promise<Comment> {
  await assertSubjectVisible(app.db, user, body.subjectType, body.subjectId);
  const [created] = await tenantDb(app.db, user.appId)
    .insert(comments)
    .values({
      appId: user.appId,
      subjectType: body.subjectType,
      subjectId: body.subjectId,
      userId: user.id,
      body: body.body,
    })
    .returning({ id: comments.id });
  const row = created && (await loadComment(app.db, user.appId, created.id));
  if (!row) throw notFound();
  return present(row, user);
}

/** Finds a comment of this app whose subject the caller can still see; else 404. */
async function visibleComment(app: FastifyInstance, user: AuthUser, id: number): Promise<CommentRow> {
  const row = await loadComment(app.db, user.appId, id);
  if (!row) throw notFound();
  await assertSubjectVisible(app.db, user, row.subjectType as CommentSubjectType, row.subjectId);
  return row;
}

export async function updateComment(
  app: FastifyInstance,
  user: AuthUser,
  body: UpdateCommentBody,
): Promise<Comment> {
  const row = await visibleComment(app, user, body.id);
  if (row.userId !== user.id) throw forbidden();
  await tenantDb(app.db, user.appId)
    .update(comments)
    .set({ body: body.body, editedAt: new Date() })
    .where(and(eq(comments.id, body.id), eq(comments.appId, user.appId), eq(comments.userId, user.id)));
  const updated = await loadComment(app.db, user.appId, body.id);
  if (!updated) throw notFound();
  return present(updated, user);
}

export async function deleteComment(app: FastifyInstance, user: AuthUser, id: number): Promise<void> {
  const row = await visibleComment(app, user, id);
  const own = row.userId !== null && row.userId === user.id;
  if (!own && !canModerate(user, row.subjectType as CommentSubjectType)) throw forbidden();
  await tenantDb(app.db, user.appId)
    .delete(comments)
    .where(and(eq(comments.id, id), eq(comments.appId, user.appId)));
}
