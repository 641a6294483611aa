import { and, desc, eq } from 'drizzle-orm';
import type { PolicyPage, policyListQuerySchema } from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies } from '../../../db/schema/index.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../../lib/paging.js';
import { emptyCounts, offerCounts, policyCounts } from '../counts.js';
import { presentPolicySummary } from './presenter.js';

/** Newest harvest year first, on the unique index `intention_policies_app_year` (one policy a year). */
const policyKeys: PageKey[] = [
  { column: intentionPolicies.harvestYear, type: 'integer', desc: true },
  { column: intentionPolicies.id, type: 'integer', desc: true },
];

/** The farm's policies with their counts, paged like every list. */
export async function listPolicies(
  db: Database,
  appId: string,
  query: z.output<typeof policyListQuerySchema>,
  now: Date = new Date(),
): Promise<PolicyPage> {
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const where = eq(intentionPolicies.appId, appId);
  const rows = await farm
    .select({
      policy: intentionPolicies,
      cursor: cursorColumn(policyKeys),
      total: cappedTotal(farm, intentionPolicies, where),
    })
    .from(intentionPolicies)
    .where(
      and(where, query.after ? afterCursor(policyKeys, decodeCursor(policyKeys, query.after)) : undefined),
    )
    .orderBy(desc(intentionPolicies.harvestYear), desc(intentionPolicies.id))
    .limit(window.limit)
    .offset(window.offset);
  const ids = rows.slice(0, query.pageSize).map((row) => row.policy.id);
  const [counts, offers] = await Promise.all([policyCounts(db, appId, ids), offerCounts(db, appId, ids)]);
  const page = await finishPage(
    rows,
    request,
    (row) =>
      presentPolicySummary(
        row.policy,
        counts.get(row.policy.id) ?? emptyCounts,
        offers.get(row.policy.id) ?? 0,
        now,
      ),
    (cap) => countUpTo(farm, intentionPolicies, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}
