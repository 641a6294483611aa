import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import {
  idParam,
  postFieldsSchema,
  type ManagedPost,
  type ManagedPostPage,
  type managedPostQuerySchema,
  type PostDetail,
  type PostEmailRound,
  type PostFields,
  type PostList,
  type PostListQuery,
} from '@pluk/contract';
import type { z } from 'zod';
import {
  comments,
  jobs,
  media,
  postEmailDeliveries,
  postMedia,
  posts,
  users,
} from '../../db/schema/index.js';
import type { Database, Transaction } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { mailJob } from '../../mail/mail-job.js';
import { mailableMembers } from '../../mail/recipients.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser, Tenant } from '../../types.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { removeStorage, withStoredUploads } from '../media/service.js';
import type { MultipartUpload } from '../media/upload.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import { excerptOf, richTextToPlainText, sanitizeRichText } from '../../lib/rich-text.js';

type PostRow = typeof posts.$inferSelect;
type ManagedPostQueryOutput = z.output<typeof managedPostQuerySchema>;
type LinkedMedia = { postId: number; id: number; fileName: string; mime: string; size: number; kind: string };

// ---------------------------------------------------------------------------------------------------------
// Reading

async function mediaOfPosts(app: FastifyInstance, appId: string, postIds: number[]): Promise<LinkedMedia[]> {
  if (postIds.length === 0) return [];
  return tenantDb(app.db, appId)
    .select({
      postId: postMedia.postId,
      id: media.id,
      fileName: media.fileName,
      mime: media.mime,
      size: media.size,
      kind: media.kind,
    })
    .from(postMedia)
    .innerJoin(media, eq(media.id, postMedia.mediaId))
    .where(and(eq(postMedia.appId, appId), inArray(postMedia.postId, postIds)))
    .orderBy(asc(postMedia.position), asc(media.id));
}

function splitMedia(linked: LinkedMedia[]) {
  return {
    images: linked.filter((m) => m.kind === 'image').map((m) => ({ id: m.id, fileName: m.fileName })),
    attachments: linked
      .filter((m) => m.kind !== 'image')
      .map((m) => ({ id: m.id, fileName: m.fileName, size: m.size, mime: m.mime })),
  };
}

/**
 * What the list shows of a post's images, attachments and comments, as sub-selects of the posts query:
 * the page is one query instead of three (ADR 046).
 */
const listExtras = {
  // [images, all files, first image id]: one look at the post's files instead of three.
  mediaStats: sql<[number, number, number | null]>`(select array[
      (count(*) filter (where m.kind = 'image'))::int,
      count(*)::int,
      (array_agg(m.id order by pm.position, m.id) filter (where m.kind = 'image'))[1]
    ] from post_media pm
    join media m on m.app_id = pm.app_id and m.id = pm.media_id
    where pm.app_id = "posts"."app_id" and pm.post_id = "posts"."id")`,
  commentCount: sql<number>`(select count(*) from comments c where c.app_id = "posts"."app_id"
    and c.subject_type = 'post' and c.subject_id = "posts"."id")::int`.mapWith(Number),
};

const activePosts = (appId: string) => and(eq(posts.appId, appId), eq(posts.isActive, literalFlag(true)));

/** Newest first (index `posts_app_active_published_id` / `posts_app_published_id`, read backwards). */
const postKeys: PageKey[] = [
  { column: posts.publishedAt, type: 'timestamptz', desc: true },
  { column: posts.id, type: 'integer', desc: true },
];

/** What a list shows of a post: never its body (ADR 056). */
const postListColumns = {
  id: posts.id,
  title: posts.title,
  excerpt: posts.excerpt,
  isActive: posts.isActive,
  publishedAt: posts.publishedAt,
};

/**
 * The excerpts of posts written before the column existed (null), made once from their bodies and
 * stored, so the next list reads them from the row.
 */
async function fillExcerpts<R extends { id: number; excerpt: string | null }>(
  app: FastifyInstance,
  appId: string,
  rows: R[],
): Promise<R[]> {
  const missing = rows.filter((r) => r.excerpt === null).map((r) => r.id);
  if (missing.length === 0) return rows;
  const farm = tenantDb(app.db, appId);
  const bodies = await farm
    .select({ id: posts.id, body: posts.body })
    .from(posts)
    .where(and(eq(posts.appId, appId), inArray(posts.id, missing)));
  const made = new Map(bodies.map((b) => [b.id, excerptOf(b.body)]));
  for (const [id, excerpt] of made) {
    await farm
      .update(posts)
      .set({ excerpt })
      .where(and(eq(posts.id, id), isNull(posts.excerpt)));
  }
  return rows.map((r) => (r.excerpt === null ? { ...r, excerpt: made.get(r.id) ?? '' } : r));
}

/** A page of the member list, built once per app and cursor use (ADR 046); key `appId|cursor`. */
const postPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', cursor, win] = key.split('|');
  const window = windowOf(win);
  return tenantDb(db, appId)
    .select({
      ...postListColumns,
      ...listExtras,
      cursor: cursorColumn(postKeys),
      total: cappedTotal(tenantDb(db, appId), posts, activePosts(appId)),
    })
    .from(posts)
    .where(
      and(
        activePosts(appId),
        cursor === 'after' ? afterCursor(postKeys, cursorPlaceholders(postKeys)) : undefined,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`post_page${cursor === 'after' ? '_after' : ''}_${win}`);
});

/** Active posts, newest first (0-based page, or the page after `after`). */
export async function listPosts(
  app: FastifyInstance,
  appId: string,
  query: PostListQuery,
): Promise<PostList> {
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const read = await postPageQuery(app.db, `${appId}|${query.after ? 'after' : ''}|${windowKey(request)}`, {
    ...windowParams(request),
    ...cursorParams(postKeys, query.after),
  });
  const rows = await fillExcerpts(app, appId, read);
  const farm = tenantDb(app.db, appId);
  const page = await finishPage(
    rows,
    request,
    (row) => {
      // postgres.js reads a NULL inside an int array as NaN, PGlite as null: both mean "no image".
      const [imageCount, mediaCount, imageId] = (row.mediaStats ?? [0, 0, null]).map((v) =>
        v === null || Number.isNaN(Number(v)) ? null : Number(v),
      );
      return {
        id: row.id,
        title: row.title,
        excerpt: row.excerpt ?? '',
        publishedAt: row.publishedAt.toISOString(),
        imageId: imageId ?? null,
        imageCount: imageCount ?? 0,
        attachmentCount: (mediaCount ?? 0) - (imageCount ?? 0),
        commentCount: row.commentCount,
      };
    },
    (cap) => countUpTo(farm, posts, activePosts(appId), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

async function postRow(app: FastifyInstance, appId: string, id: number): Promise<PostRow> {
  const [row] = await tenantDb(app.db, appId)
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.appId, appId)));
  if (!row) throw notFound();
  return row;
}

async function presentDetail(app: FastifyInstance, row: PostRow): Promise<PostDetail> {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
    ...splitMedia(await mediaOfPosts(app, row.appId, [row.id])),
  };
}

/** An active post for a member; an inactive or unknown one is 404. */
export async function postDetail(app: FastifyInstance, appId: string, id: number): Promise<PostDetail> {
  const row = await postRow(app, appId, id);
  if (!row.isActive) throw notFound();
  return presentDetail(app, row);
}

export async function managedPost(app: FastifyInstance, appId: string, id: number): Promise<ManagedPost> {
  const row = await postRow(app, appId, id);
  const statuses = await tenantDb(app.db, appId)
    .select({
      status: postEmailDeliveries.status,
      count: count(),
      last: sql<Date | string>`max(${postEmailDeliveries.createdAt})`,
    })
    .from(postEmailDeliveries)
    .where(and(eq(postEmailDeliveries.appId, appId), eq(postEmailDeliveries.postId, id)))
    .groupBy(postEmailDeliveries.status);
  const countOf = (status: string) => Number(statuses.find((s) => s.status === status)?.count ?? 0);
  const last = statuses
    .map((s) => new Date(s.last).getTime())
    .filter((t) => !Number.isNaN(t))
    .sort((a, b) => b - a)[0];
  const recipients = statuses.reduce((sum, s) => sum + Number(s.count), 0);
  return {
    ...(await presentDetail(app, row)),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    emailed:
      recipients === 0 || last === undefined
        ? null
        : {
            recipients,
            sent: countOf('sent'),
            notSent: countOf('not_sent'),
            failed: countOf('failed'),
            lastSentAt: new Date(last).toISOString(),
          },
  };
}

/** The manager's lists (all posts, or the active ones), a page at a time, newest first (ADR 056). */
export async function managedPosts(
  app: FastifyInstance,
  appId: string,
  activeOnly: boolean,
  query: ManagedPostQueryOutput,
): Promise<ManagedPostPage> {
  const where = activeOnly ? activePosts(appId) : eq(posts.appId, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const farm = tenantDb(app.db, appId);
  const rows = await farm
    .select({
      id: posts.id,
      title: posts.title,
      isActive: posts.isActive,
      publishedAt: posts.publishedAt,
      mediaStats: listExtras.mediaStats,
      cursor: cursorColumn(postKeys),
      total: cappedTotal(farm, posts, where),
    })
    .from(posts)
    .where(and(where, query.after ? afterCursor(postKeys, decodeCursor(postKeys, query.after)) : undefined))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (row) => {
      const [imageCount, mediaCount] = (row.mediaStats ?? [0, 0, null]).map((v) =>
        v === null || Number.isNaN(Number(v)) ? 0 : Number(v),
      );
      return {
        id: row.id,
        title: row.title,
        isActive: row.isActive,
        publishedAt: row.publishedAt.toISOString(),
        imageCount: imageCount ?? 0,
        attachmentCount: (mediaCount ?? 0) - (imageCount ?? 0),
      };
    },
    (cap) => countUpTo(farm, posts, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

function first(upload: MultipartUpload, name: string): string | undefined {
  return upload.fields.get(name)?.[0];
}

function parseBoolean(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return value;
}

/** The text fields of the post form, checked with the contract's schema; the body sanitized. */
export function postFieldsOf(upload: MultipartUpload): PostFields {
  const result = postFieldsSchema.safeParse({
    title: first(upload, 'title'),
    body: first(upload, 'body') ?? '',
    isActive: parseBoolean(first(upload, 'isActive')),
  });
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, fields);
  }
  return { ...result.data, body: sanitizeRichText(result.data.body) };
}

/** The form's `id`, read with the contract's strict id schema (ADR 052). */
function idField(upload: MultipartUpload): number {
  const raw = first(upload, 'id');
  if (raw === undefined)
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { id: 'Dit veld is verplicht.' });
  const result = idParam('id').safeParse(raw);
  if (!result.success) {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { id: result.error.issues[0]!.message });
  }
  return result.data;
}

/** `keepMediaIds` as numbers; absent means keep everything, one empty value means keep nothing. */
function keepMediaIdsOf(upload: MultipartUpload): number[] | null {
  const values = upload.fields.get('keepMediaIds');
  if (values === undefined) return null;
  const ids: number[] = [];
  for (const value of values.flatMap((v) => v.split(','))) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (!/^\d{1,9}$/.test(trimmed)) {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, { keepMediaIds: 'Ongeldige bestandsnummers.' });
    }
    ids.push(Number(trimmed));
  }
  return ids;
}

/** Every approved, active member of the app except `exceptUserId`. */
async function memberIds(tx: Database | Transaction, appId: string, exceptUserId: number) {
  const rows = await tenantDb(tx, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isApproved, true), eq(users.isActive, true)));
  return rows.map((r) => r.id).filter((id) => id !== exceptUserId);
}

function newPostNotifications(ids: number[], post: { id: number; title: string }) {
  return ids.map((userId) => ({
    userId,
    title: 'Nieuw bericht',
    body: post.title,
    link: `/posts/${post.id}`,
  }));
}

export async function createPost(
  app: FastifyInstance,
  user: AuthUser,
  upload: MultipartUpload,
): Promise<ManagedPost> {
  const fields = postFieldsOf(upload);
  let created: CreatedNotification[] = [];
  const postId = await withStoredUploads(app, user, upload.files, async (tx, rows) => {
    const [post] = await tenantDb(tx, user.appId)
      .insert(posts)
      .values({
        appId: user.appId,
        title: fields.title,
        body: fields.body,
        excerpt: excerptOf(fields.body),
        isActive: fields.isActive,
        createdByUserId: user.id,
      })
      .returning();
    if (!post) throw new Error('post insert returned nothing');
    if (rows.length > 0) {
      await tenantDb(tx, user.appId)
        .insert(postMedia)
        .values(
          rows.map((row, position) => ({ appId: user.appId, postId: post.id, mediaId: row.id, position })),
        );
    }
    if (post.isActive) {
      created = await insertNotifications(
        tx,
        user.appId,
        newPostNotifications(await memberIds(tx, user.appId, user.id), post),
      );
    }
    return post.id;
  });
  void app.push.deliver(created);
  return managedPost(app, user.appId, postId);
}

export async function updatePost(
  app: FastifyInstance,
  user: AuthUser,
  upload: MultipartUpload,
): Promise<ManagedPost> {
  const id = idField(upload);
  const fields = postFieldsOf(upload);
  const keep = keepMediaIdsOf(upload);
  let created: CreatedNotification[] = [];
  let orphanKeys: string[] = [];
  await withStoredUploads(app, user, upload.files, async (tx, rows) => {
    [created, orphanKeys] = [[], []]; // a retried transaction starts over (ADR 050)
    // The post row is locked so two managers saving at once cannot both "publish" it (two notifications).
    const [current] = await tenantDb(tx, user.appId)
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.appId, user.appId)))
      .for('update');
    if (!current) throw notFound();

    const links = await tenantDb(tx, user.appId)
      .select({ mediaId: postMedia.mediaId, position: postMedia.position })
      .from(postMedia)
      .where(and(eq(postMedia.postId, id), eq(postMedia.appId, user.appId)))
      .orderBy(asc(postMedia.position));
    const removed = keep === null ? [] : links.filter((l) => !keep.includes(l.mediaId)).map((l) => l.mediaId);
    if (removed.length > 0) {
      await tenantDb(tx, user.appId)
        .delete(postMedia)
        .where(and(eq(postMedia.postId, id), inArray(postMedia.mediaId, removed)));
      // Media no other post uses go with it (rows now, bytes after the commit).
      const stillUsed = await tenantDb(tx, user.appId)
        .select({ mediaId: postMedia.mediaId })
        .from(postMedia)
        .where(inArray(postMedia.mediaId, removed));
      const orphans = removed.filter((m) => !stillUsed.some((u) => u.mediaId === m));
      if (orphans.length > 0) {
        const gone = await tenantDb(tx, user.appId)
          .delete(media)
          .where(and(eq(media.appId, user.appId), inArray(media.id, orphans)))
          .returning({ storageKey: media.storageKey });
        orphanKeys = gone.map((g) => g.storageKey);
      }
    }
    const nextPosition = links.reduce((max, l) => Math.max(max, l.position + 1), 0);
    if (rows.length > 0) {
      await tenantDb(tx, user.appId)
        .insert(postMedia)
        .values(
          rows.map((row, index) => ({
            appId: user.appId,
            postId: id,
            mediaId: row.id,
            position: nextPosition + index,
          })),
        );
    }
    const publishing = fields.isActive && !current.isActive;
    await tenantDb(tx, user.appId)
      .update(posts)
      .set({
        title: fields.title,
        body: fields.body,
        excerpt: excerptOf(fields.body),
        isActive: fields.isActive,
        updatedAt: new Date(),
        // A draft becomes news when it is first shown to members.
        ...(publishing ? { publishedAt: new Date() } : {}),
      })
      .where(and(eq(posts.id, id), eq(posts.appId, user.appId)));
    if (publishing) {
      created = await insertNotifications(
        tx,
        user.appId,
        newPostNotifications(await memberIds(tx, user.appId, user.id), { id, title: fields.title }),
      );
    }
  });
  await removeStorage(app, user.appId, orphanKeys);
  void app.push.deliver(created);
  return managedPost(app, user.appId, id);
}

/** Deletes a post, its comments, and its media that no other post uses (rows, then the files). */
export async function deletePost(app: FastifyInstance, appId: string, id: number): Promise<void> {
  const keys = await inTransaction(app.db, async (tx) => {
    const [post] = await tenantDb(tx, appId)
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.appId, appId)))
      .for('update');
    if (!post) throw notFound();
    const own = await tenantDb(tx, appId)
      .select({ mediaId: postMedia.mediaId })
      .from(postMedia)
      .where(eq(postMedia.postId, id));
    const ownIds = own.map((o) => o.mediaId);
    await tenantDb(tx, appId)
      .delete(comments)
      .where(and(eq(comments.appId, appId), eq(comments.subjectType, 'post'), eq(comments.subjectId, id)));
    await tenantDb(tx, appId)
      .delete(posts)
      .where(and(eq(posts.id, id), eq(posts.appId, appId)));
    if (ownIds.length === 0) return [];
    const stillUsed = await tenantDb(tx, appId)
      .select({ mediaId: postMedia.mediaId })
      .from(postMedia)
      .where(inArray(postMedia.mediaId, ownIds));
    const orphans = ownIds.filter((m) => !stillUsed.some((u) => u.mediaId === m));
    if (orphans.length === 0) return [];
    const gone = await tenantDb(tx, appId)
      .delete(media)
      .where(and(eq(media.appId, appId), inArray(media.id, orphans)))
      .returning({ storageKey: media.storageKey });
    return gone.map((g) => g.storageKey);
  });
  await removeStorage(app, appId, keys);
}

// ---------------------------------------------------------------------------------------------------------
// E-mail

/** The jobs of one e-mail round of a post share this group key: the post and the version it mailed. */
const roundPrefix = (postId: number) => `post-email:${postId}:`;

async function roundCounts(
  app: FastifyInstance,
  appId: string,
  groupKey: string,
): Promise<PostEmailRound | null> {
  const rows = await app.db
    .select({
      status: jobs.status,
      outcome: jobs.outcome,
      count: count(),
      startedAt: sql<Date | string>`min(${jobs.createdAt})`,
    })
    .from(jobs)
    .where(and(eq(jobs.appId, appId), eq(jobs.groupKey, groupKey)))
    .groupBy(jobs.status, jobs.outcome);
  if (rows.length === 0) return null;
  const sum = (match: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(match).reduce((total, row) => total + Number(row.count), 0);
  const started = Math.min(...rows.map((row) => new Date(row.startedAt).getTime()));
  return {
    startedAt: new Date(started).toISOString(),
    recipients: sum(() => true),
    sent: sum((row) => row.status === 'done' && row.outcome === 'sent'),
    notSent: sum((row) => row.status === 'done' && row.outcome !== 'sent'),
    failed: sum((row) => row.status === 'failed'),
    waiting: sum((row) => row.status === 'waiting' || row.status === 'running'),
  };
}

/** The progress of the post's latest e-mail round (null when it was never mailed, or long ago). */
export async function emailRound(
  app: FastifyInstance,
  appId: string,
  id: number,
): Promise<{ round: PostEmailRound | null }> {
  await postRow(app, appId, id);
  const [latest] = await app.db
    .select({ groupKey: jobs.groupKey })
    .from(jobs)
    .where(and(eq(jobs.appId, appId), like(jobs.groupKey, `${roundPrefix(id)}%`)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  return { round: latest?.groupKey ? await roundCounts(app, appId, latest.groupKey) : null };
}

/**
 * Starts an e-mail round: one mail job per approved, active member who receives e-mails, queued in one
 * transaction with the post locked. A round is the post as it is now (its id and last change): asking
 * again for the same version (a double click) answers 409 like taking a chore twice, and queues nothing;
 * after an edit the post can be mailed again. The worker sends the e-mails; the answer is the round's
 * progress so far, and `emailRound` follows it (ADR 048).
 */
export async function sendPostByEmail(
  app: FastifyInstance,
  tenant: Tenant,
  user: AuthUser,
  id: number,
): Promise<PostEmailRound> {
  const postUrl = `${await publicUrlOf(app, tenant.appId)}/posts/${id}`;
  const groupKey = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, tenant.appId);
    const [post] = await farm
      .select()
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.appId, tenant.appId)))
      .for('update');
    if (!post) throw notFound();
    if (!post.isActive) throw new HttpError(409, 'POST_NOT_ACTIVE');
    const key = `${roundPrefix(post.id)}${post.updatedAt.getTime()}`;
    const [already] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.appId, tenant.appId), eq(jobs.groupKey, key)))
      .limit(1);
    if (already) throw new HttpError(409, 'POST_ALREADY_EMAILED');
    const recipients = await farm
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(mailableMembers(tenant.appId, { receiveEmails: true }))
      .orderBy(asc(users.id));
    const postText = richTextToPlainText(post.body);
    await enqueue(
      tx,
      recipients.map((recipient) =>
        mailJob(
          {
            appId: tenant.appId,
            userId: recipient.id,
            to: recipient.email,
            template: 'post',
            values: {
              appName: tenant.name,
              firstName: recipient.firstName,
              title: post.title,
              postText,
              postUrl,
            },
          },
          `${key}:${recipient.id}`,
          { groupKey: key, postDelivery: { postId: post.id, sentByUserId: user.id } },
        ),
      ),
    );
    return key;
  });
  app.jobs.wake();
  return (
    (await roundCounts(app, tenant.appId, groupKey)) ?? {
      startedAt: new Date().toISOString(),
      recipients: 0,
      sent: 0,
      notSent: 0,
      failed: 0,
      waiting: 0,
    }
  );
}
