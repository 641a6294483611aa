import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { EmailLogPage, EmailLogStatus, emailLogQuerySchema } from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { emailLog } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { likePattern } from '../../lib/like-pattern.js';
import {
  afterCursor,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';

type EmailLogQuery = z.output<typeof emailLogQuerySchema>;

const logKeys: PageKey[] = [
  { column: emailLog.createdAt, type: 'timestamptz', desc: true },
  { column: emailLog.id, type: 'integer', desc: true },
];

/** Every e-mail the farm sent or recorded, newest first, by status and a search in address or subject. */
export async function listEmailLog(db: Database, appId: string, query: EmailLogQuery): Promise<EmailLogPage> {
  const filters: (SQL | undefined)[] = [eq(emailLog.appId, appId)];
  if (query.status) filters.push(eq(emailLog.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(emailLog.toAddress, pattern), ilike(emailLog.subject, pattern)));
  }
  const where = and(...filters);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const farm = tenantDb(db, appId);
  const rows = await farm
    .select({
      id: emailLog.id,
      to: emailLog.toAddress,
      subject: emailLog.subject,
      template: emailLog.template,
      status: emailLog.status,
      error: emailLog.error,
      mailingId: emailLog.mailingId,
      createdAt: emailLog.createdAt,
      cursor: cursorColumn(logKeys),
    })
    .from(emailLog)
    .where(and(where, query.after ? afterCursor(logKeys, decodeCursor(logKeys, query.after)) : undefined))
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      template: row.template,
      status: row.status as EmailLogStatus,
      error: row.error,
      mailingId: row.mailingId,
      createdAt: row.createdAt.toISOString(),
    }),
    (cap) => countUpTo(farm, emailLog, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}
