import type { RequestDetail, RequestStatus, RequestSummary } from '@pluk/contract';
import type { requests } from '../../db/schema/index.js';

export type RequestRow = typeof requests.$inferSelect;

/** A request with its requester's and taker's names, as the queries select it. */
export interface RequestWithPeople {
  request: RequestRow;
  requesterFirst: string;
  requesterLast: string;
  takerFirst: string | null;
  takerLast: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function hasEnded(request: Pick<RequestRow, 'neededBy'>, now: Date): boolean {
  return request.neededBy !== null && new Date(request.neededBy).getTime() <= now.getTime();
}

export function presentRequestSummary(
  row: RequestWithPeople,
  viewerId: number | null,
  now: Date,
): RequestSummary {
  const r = row.request;
  return {
    id: r.id,
    title: r.title,
    rewardCents: r.rewardCents,
    status: r.status as RequestStatus,
    neededBy: iso(r.neededBy),
    hasEnded: hasEnded(r, now),
    requester: { id: r.requesterUserId, firstName: row.requesterFirst, lastName: row.requesterLast },
    takenBy:
      r.takenByUserId !== null && row.takerFirst !== null && row.takerLast !== null
        ? { id: r.takenByUserId, firstName: row.takerFirst, lastName: row.takerLast }
        : null,
    isMine: viewerId !== null && r.requesterUserId === viewerId,
    isTakenByMe: viewerId !== null && r.takenByUserId === viewerId,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

export function presentRequestDetail(
  row: RequestWithPeople,
  viewerId: number | null,
  now: Date,
): RequestDetail {
  return {
    ...presentRequestSummary(row, viewerId, now),
    description: row.request.description,
    takenAt: iso(row.request.takenAt),
    completedAt: iso(row.request.completedAt),
  };
}
