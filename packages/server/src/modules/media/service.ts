import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { passesRoleCheck, type Media, type MediaKind, type UpdateMediaBody } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { media, postMedia, posts } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../types.js';
import { readMediaFile, removeMediaFiles, writeMediaFile } from './storage.js';
import type { UploadedFile } from './upload.js';

export type MediaRow = typeof media.$inferSelect;

export function presentMedia(row: MediaRow): Media {
  return {
    id: row.id,
    fileName: row.fileName,
    mime: row.mime,
    size: row.size,
    kind: row.kind as MediaKind,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Writes the files, then runs `work` in one transaction with the media rows already inserted. When the
 * transaction fails, the written files are removed again, so no bytes are left without a row.
 */
export async function withStoredUploads<T>(
  app: FastifyInstance,
  user: AuthUser,
  files: readonly UploadedFile[],
  work: (tx: Transaction, rows: MediaRow[]) => Promise<T>,
  titles: string[] = [],
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const file of files) keys.push(await writeMediaFile(app.config, user.appId, file.data));
    return await inTransaction(app.db, async (tx) => {
      const rows =
        files.length === 0
          ? []
          : await tenantDb(tx, user.appId)
              .insert(media)
              .values(
                files.map((file, index) => ({
                  appId: user.appId,
                  storageKey: keys[index]!,
                  fileName: file.fileName,
                  mime: file.mime,
                  size: file.data.length,
                  kind: file.kind,
                  title: titles[index] ?? '',
                  uploadedByUserId: user.id,
                })),
              )
              .returning();
      return work(tx, rows);
    });
  } catch (error) {
    await removeMediaFiles(app.config, user.appId, keys).catch((cleanupError: unknown) =>
      app.log.error({ err: cleanupError }, 'uploaded files could not be removed after a failure'),
    );
    throw error;
  }
}

export async function createMedia(
  app: FastifyInstance,
  user: AuthUser,
  files: readonly UploadedFile[],
  title: string,
): Promise<Media[]> {
  const rows = await withStoredUploads(
    app,
    user,
    files,
    async (_tx, inserted) => inserted,
    files.map(() => title),
  );
  return rows.map(presentMedia);
}

export async function listMedia(app: FastifyInstance, appId: string): Promise<Media[]> {
  const rows = await tenantDb(app.db, appId)
    .select()
    .from(media)
    .where(eq(media.appId, appId))
    .orderBy(desc(media.createdAt), desc(media.id));
  return rows.map(presentMedia);
}

/**
 * A file for a member: any upload of the app, except one used only by posts that are not active (a
 * draft's photos stay hidden); a PostManager sees every upload.
 */
export async function loadMediaFile(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
): Promise<{ row: MediaRow; data: Buffer }> {
  const [row] = await tenantDb(app.db, user.appId)
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.appId, user.appId)));
  if (!row) throw notFound();
  if (!passesRoleCheck(user.roles, 'PostManager')) {
    const links = await tenantDb(app.db, user.appId)
      .select({ isActive: posts.isActive })
      .from(postMedia)
      .innerJoin(posts, eq(posts.id, postMedia.postId))
      .where(and(eq(postMedia.mediaId, row.id), eq(posts.appId, user.appId)));
    if (links.length > 0 && !links.some((link) => link.isActive)) throw notFound();
  }
  const data = await readMediaFile(app.config, row.appId, row.storageKey);
  if (!data) {
    app.log.warn({ mediaId: row.id }, 'media row without its file');
    throw notFound();
  }
  return { row, data };
}

export async function updateMedia(
  app: FastifyInstance,
  appId: string,
  body: UpdateMediaBody,
): Promise<Media> {
  const [row] = await tenantDb(app.db, appId)
    .update(media)
    .set({ title: body.title })
    .where(and(eq(media.id, body.id), eq(media.appId, appId)))
    .returning();
  if (!row) throw notFound();
  return presentMedia(row);
}

/** Deletes media rows of the app (posts lose them through the cascade) and then their files. */
export async function deleteMediaRows(
  app: FastifyInstance,
  appId: string,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const removed = await tenantDb(app.db, appId)
    .delete(media)
    .where(and(eq(media.appId, appId), inArray(media.id, [...ids])))
    .returning({ storageKey: media.storageKey });
  await removeStorage(
    app,
    appId,
    removed.map((r) => r.storageKey),
  );
  return removed.length;
}

/** Removes files whose rows are gone; a failure is logged, never shown to the member. */
export async function removeStorage(
  app: FastifyInstance,
  appId: string,
  keys: readonly string[],
): Promise<void> {
  await removeMediaFiles(app.config, appId, keys).catch((error: unknown) =>
    app.log.error({ err: error }, 'media files could not be removed'),
  );
}

export async function deleteMedia(app: FastifyInstance, appId: string, id: number): Promise<void> {
  if ((await deleteMediaRows(app, appId, [id])) === 0) throw notFound();
}
