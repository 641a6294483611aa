import { eq, sql } from 'drizzle-orm';
import type { AnalystAnswer } from '@pluk/contract';
import { requests } from '../../db/schema/index.js';
import { answer, gather, tableSeries, type AnalystRange } from './range.js';
import { ledgerCents } from './wallet.js';

/** Requests the requester confirmed (the reward moved), per bucket of that moment. */
export const confirmedRequests = (range: AnalystRange) =>
  tableSeries(range, requests, requests.completedAt, sql`count(*)`, eq(requests.status, 'completed'));

/** `GET analyst/Request`: opened, taken (the last take), confirmed and the rewards paid. */
export async function requestAnalysis(range: AnalystRange): Promise<AnalystAnswer<'request'>> {
  return answer<'request'>(
    range,
    await gather({
      opened: tableSeries(range, requests, requests.createdAt, sql`count(*)`),
      taken: tableSeries(range, requests, requests.takenAt, sql`count(*)`),
      confirmed: confirmedRequests(range),
      rewardsCents: ledgerCents(range, ['reward']),
    }),
  );
}
