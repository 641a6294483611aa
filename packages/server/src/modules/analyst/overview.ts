import { sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { users } from '../../db/schema/index.js';
import { attendedPeople } from './event.js';
import {
  answer,
  bucketGrid,
  gather,
  rowsOf,
  tableSeries,
  toSeries,
  type AnalystRange,
  type Series,
} from './range.js';
import { confirmedRequests } from './request.js';
import { sales } from './product.js';
import { confirmedChores } from './task.js';
import { ledgerCents } from './wallet.js';

/** Approved accounts not deleted: the farm's members. */
const isMember = sql`${users.isApproved} and ${users.anonymizedAt} is null`;

/** Members at the end of every bucket: approved accounts made by then and not deleted before then. */
async function membersAtEnd(range: AnalystRange): Promise<Series> {
  const grid = bucketGrid(range);
  const rows = await rowsOf<{ start: string; value: string | number }>(
    range,
    sql`select to_char(s.start, 'YYYY-MM-DD') as start,
        (select count(*) from users u
          where u.app_id = ${range.appId} and u.is_approved and u.created_at < ${grid.endOf(sql`s.start`)}
            and (u.anonymized_at is null or u.anonymized_at >= ${grid.endOf(sql`s.start`)}))::int as value
      from (select g as start from ${grid.series} g) s
      order by s.start`,
  );
  return toSeries(rows.map((row) => ({ start: row.start, value: Number(row.value) })));
}

/** `GET analyst/overview`: members, activity and money per bucket, from the same series as the views. */
export async function overviewAnalysis(range: AnalystRange): Promise<AnalystAnswer<'overview'>> {
  return answer<'overview'>(
    range,
    await gather({
      members: membersAtEnd(range),
      newMembers: tableSeries(range, users, users.createdAt, sql`count(*)`, isMember),
      choresDone: confirmedChores(range),
      attended: attendedPeople(range),
      requestsDone: confirmedRequests(range),
      sold: sales(range),
      issuedCents: ledgerCents(range, ['donation']),
      movedCents: ledgerCents(range, ['purchase', 'reward']),
    }),
  );
}
