import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  myDataExportTtlHours,
  type MyDataExport,
  type MyDataRequested,
  type MyDataState,
} from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { apps, myDataExports, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { mailJob } from '../../mail/mail-job.js';
import type { RequestAuth } from '../../types.js';
import { audit } from '../audit.js';
import { farmTimeZone } from '../harvest-year.js';
import { insertNotifications } from '../notification/notify.js';
import { buildMyDataZip, collectMyData } from './my-data-export.js';

export const myDataExportJobKind = 'my-data-export';
/** The page the e-mail and the notification open: the download is there, for the signed-in member only. */
export const myDataPath = '/account/privacy';
/** Rows of exports are kept this long (their ZIP only 24 hours): "you asked on …" stays visible a while. */
export const myDataRowRetentionDays = 30;

type ExportRow = Pick<
  typeof myDataExports.$inferSelect,
  'id' | 'status' | 'createdAt' | 'readyAt' | 'expiresAt' | 'sizeBytes'
>;

const columns = {
  id: myDataExports.id,
  status: myDataExports.status,
  createdAt: myDataExports.createdAt,
  readyAt: myDataExports.readyAt,
  expiresAt: myDataExports.expiresAt,
  sizeBytes: myDataExports.sizeBytes,
};

function present(row: ExportRow, now = new Date()): MyDataExport {
  return {
    id: row.id,
    status: row.status as MyDataExport['status'],
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    sizeBytes: row.sizeBytes,
  };
}

/**
 * Downloading a member's data or deleting their account is the member's own act (decision 101, as the
 * calendar link of decision 100): an Admin working as the member would walk away with everything.
 */
export function assertNotImpersonating(auth: RequestAuth, what: string): void {
  if (auth.impersonatedBy !== null) {
    throw new HttpError(
      403,
      'IMPERSONATION_FORBIDDEN',
      `${what} doet het lid zelf, niet wie als dat lid werkt.`,
    );
  }
}

/** My latest export. */
export async function myDataState(db: Database, auth: RequestAuth): Promise<MyDataState> {
  const [row] = await tenantDb(db, auth.user.appId)
    .select(columns)
    .from(myDataExports)
    .where(eq(myDataExports.userId, auth.user.id))
    .orderBy(desc(myDataExports.id))
    .limit(1);
  return { export: row ? present(row) : null };
}

async function preparing(tx: Transaction, appId: string, userId: number) {
  const [row] = await tenantDb(tx, appId)
    .select(columns)
    .from(myDataExports)
    .where(and(eq(myDataExports.userId, userId), eq(myDataExports.status, 'preparing')));
  return row;
}

/**
 * Asks for a new export: a row `preparing` and its job, committed together (ADR 048). While one is
 * being prepared nothing new starts and the answer says `queued: false`, like a repeated welcome e-mail;
 * the partial unique index keeps two clicks at the same moment to one row too.
 */
export async function requestMyData(app: FastifyInstance, auth: RequestAuth): Promise<MyDataRequested> {
  assertNotImpersonating(auth, 'Een kopie van de gegevens aanvragen');
  const appId = auth.user.appId;
  const attempt = () =>
    inTransaction(app.db, async (tx) => {
      const running = await preparing(tx, appId, auth.user.id);
      if (running) return { queued: false, export: present(running) };
      const [row] = await tenantDb(tx, appId)
        .insert(myDataExports)
        .values({ appId, userId: auth.user.id })
        .returning(columns);
      await enqueue(tx, [
        {
          appId,
          kind: myDataExportJobKind,
          idempotencyKey: `my-data-export:${appId}:${row!.id}`,
          payload: { exportId: row!.id },
          maxAttempts: 3,
        },
      ]);
      await audit(tx, appId, auth, 'user.my-data.request', { exportId: row!.id });
      return { queued: true, export: present(row!) };
    });
  let answer: MyDataRequested;
  try {
    answer = await attempt();
  } catch (err) {
    if (!isUniqueViolation(err, 'my_data_exports_one_preparing')) throw err;
    answer = await attempt();
  }
  if (answer.queued) app.jobs.wake();
  return answer;
}

/** The ZIP of my export: 404 for anyone else's, 409 while preparing, 410 once its 24 hours are over. */
export async function downloadMyData(
  db: Database,
  auth: RequestAuth,
  exportId: number,
): Promise<{ data: Buffer; readyAt: Date }> {
  assertNotImpersonating(auth, 'Een kopie van de gegevens downloaden');
  const appId = auth.user.appId;
  const [row] = await tenantDb(db, appId)
    .select({ ...columns, data: myDataExports.data })
    .from(myDataExports)
    .where(and(eq(myDataExports.id, exportId), eq(myDataExports.userId, auth.user.id)));
  if (!row) throw notFound();
  if (row.status !== 'ready') {
    throw new HttpError(
      409,
      'MY_DATA_NOT_READY',
      row.status === 'failed'
        ? 'Het klaarmaken van je gegevens lukte niet. Vraag ze opnieuw aan.'
        : undefined,
    );
  }
  if (!row.data || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(410, 'MY_DATA_EXPIRED');
  }
  await audit(db, appId, auth, 'user.my-data.download', { exportId });
  return { data: row.data, readyAt: row.readyAt ?? row.createdAt };
}

const formatMoment = (at: Date) =>
  new Intl.DateTimeFormat('nl-BE', { timeZone: farmTimeZone, dateStyle: 'long', timeStyle: 'short' }).format(
    at,
  );

/**
 * Prepares one export: reads the member's data, builds the ZIP, and in one transaction stores it (ready
 * for 24 hours), queues the e-mail (one job, keyed by the export) and puts the notification in the inbox
 * with its push jobs. Only the run that moves the row from `preparing` to `ready` does so, so a retried
 * job never mails twice. A member deleted meanwhile has no row left: nothing to do.
 */
export async function prepareMyData(app: FastifyInstance, appId: string, exportId: number): Promise<string> {
  const farm = tenantDb(app.db, appId);
  const [row] = await farm
    .select({ userId: myDataExports.userId, status: myDataExports.status })
    .from(myDataExports)
    .where(eq(myDataExports.id, exportId));
  if (!row || row.status !== 'preparing') return 'nothing to prepare';
  const [farmRow] = await app.db.select({ name: apps.name }).from(apps).where(eq(apps.appId, appId));
  const farmName = farmRow?.name ?? '';
  const data = await collectMyData(app.db, appId, row.userId);
  const zip = await buildMyDataZip(data, farmName);
  const privacyUrl = `${await publicUrlOf(app, appId)}${myDataPath}`;
  const created = await inTransaction(app.db, async (tx) => {
    const scoped = tenantDb(tx, appId);
    const [ready] = await scoped
      .update(myDataExports)
      .set({
        status: 'ready',
        data: zip,
        sizeBytes: zip.length,
        readyAt: sql`now()`,
        expiresAt: sql`now() + make_interval(hours => ${myDataExportTtlHours})`,
      })
      .where(and(eq(myDataExports.id, exportId), eq(myDataExports.status, 'preparing')))
      .returning({ expiresAt: myDataExports.expiresAt });
    if (!ready) return null;
    const [member] = await scoped
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, row.userId), eq(users.appId, appId)));
    const until = formatMoment(ready.expiresAt!);
    // About the member's own data: sent whatever their choice about the farm's news e-mails.
    if (member && member.email.trim() !== '') {
      await enqueue(tx, [
        mailJob(
          {
            appId,
            userId: row.userId,
            to: member.email.trim(),
            template: 'myDataReady',
            values: { appName: farmName, firstName: member.firstName, expiresAt: until, privacyUrl },
          },
          `my-data-ready:${appId}:${exportId}`,
        ),
      ]);
    }
    return insertNotifications(tx, appId, [
      {
        userId: row.userId,
        title: 'Je gegevens staan klaar',
        body: `Download ze tot ${until}.`,
        link: myDataPath,
      },
    ]);
  });
  if (!created) return 'already prepared';
  await app.push.deliver(created);
  return `ready ${zip.length} bytes`;
}

export function myDataExportJobHandler(app: FastifyInstance): JobHandler {
  return {
    async run(job) {
      const exportId = Number((job.payload as { exportId?: unknown }).exportId);
      if (!job.appId || !Number.isInteger(exportId)) return { outcome: 'bad payload' };
      return { outcome: await prepareMyData(app, job.appId, exportId) };
    },
    // With no attempts left the member sees "failed" and can ask again (the index allows a new one).
    async failed(job) {
      const exportId = Number((job.payload as { exportId?: unknown }).exportId);
      const appId = job.appId;
      return async (tx) => {
        if (!appId || !Number.isInteger(exportId)) return;
        await tenantDb(tx, appId)
          .update(myDataExports)
          .set({ status: 'failed' })
          .where(and(eq(myDataExports.id, exportId), eq(myDataExports.status, 'preparing')));
      };
    },
  };
}

/**
 * For the hourly pruning job (decision 101): empties the ZIPs past their 24 hours (the download then
 * answers 410) and deletes rows older than 30 days. Farm by farm, through the tenant scope.
 */
export async function pruneMyDataExports(db: Database, appId: string): Promise<number> {
  const farm = tenantDb(db, appId);
  const emptied = await farm
    .update(myDataExports)
    .set({ data: null })
    .where(and(isNotNull(myDataExports.data), lt(myDataExports.expiresAt, sql`now()`)))
    .returning({ id: myDataExports.id });
  await farm
    .delete(myDataExports)
    .where(lt(myDataExports.createdAt, sql`now() - make_interval(days => ${myDataRowRetentionDays})`));
  return emptied.length;
}
