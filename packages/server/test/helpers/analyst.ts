import type { LightMyRequestResponse } from 'fastify';
import {
  creditEntries,
  eventAttendances,
  events,
  ledgerEntries,
  productReservations,
  products,
  requests,
  taskAssignments,
  tasks,
  users,
  wallets,
} from '../../src/db/schema/index.js';
import { tenantDb } from '../../src/db/tenant.js';
import type { CreatedUser } from '../../src/seed/factories.js';
import type { TestContext } from './test-app.js';

/**
 * The analyst tests' farm (decision 085): a small season with known totals, written straight into the
 * tables with chosen moments, some right at the edges of the farm's days and months across daylight
 * saving (UTC and Brussels disagree on the day or month). See analyst-views.test.ts for the totals.
 */
export interface AnalystFarm {
  appId: string;
  host: string;
  analyst: CreatedUser;
  admin: CreatedUser;
  manager: CreatedUser;
  member: CreatedUser;
  /** The member wallets' balances after the season, by wallet id. */
  walletIds: number[];
}

const at = (iso: string) => new Date(iso);

export async function analystFarm(ctx: TestContext, appId: string, scale = 1): Promise<AnalystFarm> {
  const host = `${appId}.test`;
  await ctx.createApp({ appId, name: `Hoeve ${appId}`, hosts: [host] });
  const t = tenantDb(ctx.db, appId);
  const user = (name: string, extra: Parameters<TestContext['createUser']>[0] = { username: '' }) =>
    ctx.createUser({
      ...extra,
      appId,
      username: `${appId}-${name}`,
      createdAt: extra.createdAt ?? at('2026-01-01T10:00:00Z'),
    });
  const joined = at('2025-01-10T10:00:00Z');
  const [m1, m2, m3] = [
    await user('m1', { username: '', createdAt: joined }),
    await user('m2', { username: '', createdAt: joined }),
    await user('m3', { username: '', createdAt: joined }),
  ];
  await user('m4', { username: '', createdAt: at('2025-04-10T10:00:00Z') });
  await user('m5', { username: '', createdAt: at('2025-03-05T10:00:00Z'), approved: false });
  const m6 = await user('m6', { username: '', createdAt: at('2025-02-10T10:00:00Z') });
  const { eq } = await import('drizzle-orm');
  await t
    .update(users)
    .set({ anonymizedAt: at('2025-04-20T10:00:00Z') })
    .where(eq(users.id, m6.id));

  const walletAt = at('2025-01-01T00:00:00Z');
  const [bank, w1, w2, w3] = await t
    .insert(wallets)
    .values([
      { appId, kind: 'bank', balanceCents: -2200 * scale, createdAt: walletAt },
      { appId, kind: 'member', userId: m1!.id, balanceCents: 700 * scale, createdAt: walletAt },
      { appId, kind: 'member', userId: m2!.id, balanceCents: 600 * scale, createdAt: walletAt },
      { appId, kind: 'member', userId: m3!.id, balanceCents: 900 * scale, createdAt: walletAt },
    ])
    .returning({ id: wallets.id });

  const [r1] = await t
    .insert(requests)
    .values([
      {
        appId,
        requesterUserId: m2!.id,
        title: 'Hulp',
        rewardCents: 200 * scale,
        status: 'completed',
        takenByUserId: m3!.id,
        takenAt: at('2025-02-06T10:00:00Z'),
        completedAt: at('2025-05-01T08:00:00Z'),
        createdAt: at('2025-02-05T10:00:00Z'),
      },
      // 22:30 UTC on 30 April is 00:30 on 1 May in Brussels (summer time).
      { appId, requesterUserId: m1!.id, title: 'Ladder', createdAt: at('2025-04-30T22:30:00Z') },
    ])
    .returning({ id: requests.id });

  const [p1] = await t
    .insert(products)
    .values([
      {
        appId,
        ownerUserId: m2!.id,
        title: 'Eieren',
        priceCents: 300 * scale,
        quantity: 5,
        takenQuantity: 2,
        createdAt: at('2025-04-01T10:00:00Z'),
      },
      { appId, ownerUserId: m1!.id, title: 'Jam', quantity: 1, createdAt: at('2025-05-05T10:00:00Z') },
    ])
    .returning({ id: products.id });
  const [sale] = await t
    .insert(productReservations)
    .values([
      {
        appId,
        productId: p1!.id,
        userId: m1!.id,
        quantity: 1,
        unitPriceCents: 300 * scale,
        totalCents: 300 * scale,
        status: 'paid',
        handledAt: at('2025-04-15T12:00:00Z'),
        createdAt: at('2025-04-14T12:00:00Z'),
      },
      {
        appId,
        productId: p1!.id,
        userId: m3!.id,
        quantity: 1,
        unitPriceCents: 300 * scale,
        totalCents: 300 * scale,
        status: 'reserved',
        createdAt: at('2025-04-16T12:00:00Z'),
      },
    ])
    .returning({ id: productReservations.id });

  const move = (from: number, to: number, cents: number, kind: string, created: string, extra = {}) => ({
    appId,
    fromWalletId: from,
    toWalletId: to,
    amountCents: cents * scale,
    kind,
    description: kind,
    idempotencyKey: `${kind}:${created}`,
    createdAt: at(created),
    ...extra,
  });
  await t.insert(ledgerEntries).values([
    // 23:30 UTC on 31 December 2024 is 00:30 on 1 January 2025 in Brussels: before the tested range.
    move(bank!.id, w3!.id, 700, 'donation', '2024-12-31T23:30:00Z'),
    move(bank!.id, w1!.id, 1000, 'donation', '2025-03-10T10:00:00Z'),
    // 22:30 UTC on 31 March is 00:30 on 1 April in Brussels (summer time since 30 March).
    move(bank!.id, w2!.id, 500, 'donation', '2025-03-31T22:30:00Z'),
    move(w1!.id, w2!.id, 300, 'purchase', '2025-04-15T12:00:00Z', { reservationId: sale!.id }),
    move(w2!.id, w3!.id, 200, 'reward', '2025-05-01T08:00:00Z', { requestId: r1!.id }),
  ]);

  const [e1, e2] = await t
    .insert(events)
    .values([
      // 22:30 UTC on 30 March is 00:30 on 31 March in Brussels.
      { appId, title: 'Plantdag', startsAt: at('2025-03-30T22:30:00Z'), endsAt: at('2025-03-31T10:00:00Z') },
      {
        appId,
        title: 'Oogstfeest',
        startsAt: at('2025-05-10T10:00:00Z'),
        endsAt: at('2025-05-10T15:00:00Z'),
      },
      { appId, title: 'Later', startsAt: at('2025-07-01T10:00:00Z'), endsAt: at('2025-07-01T15:00:00Z') },
    ])
    .returning({ id: events.id });
  await t.insert(eventAttendances).values([
    { appId, eventId: e1!.id, userId: m1!.id, guests: 2, status: 'confirmed' },
    { appId, eventId: e1!.id, userId: m2!.id, guests: 0, status: 'waiting' },
    { appId, eventId: e1!.id, userId: m3!.id, guests: 1, status: 'refused' },
    { appId, eventId: e2!.id, userId: m1!.id, guests: 0, status: 'confirmed' },
  ]);

  const [t1] = await t
    .insert(tasks)
    .values([
      {
        appId,
        title: 'Wieden',
        startsAt: at('2025-03-15T08:00:00Z'),
        endsAt: at('2025-03-15T12:00:00Z'),
        places: 4,
        creditsPerPerson: 2,
      },
      {
        appId,
        title: 'Oogsten',
        startsAt: at('2025-05-20T08:00:00Z'),
        endsAt: at('2025-05-20T12:00:00Z'),
        places: 3,
      },
    ])
    .returning({ id: tasks.id });
  const [a1] = await t
    .insert(taskAssignments)
    .values([
      {
        appId,
        taskId: t1!.id,
        userId: m1!.id,
        status: 'confirmed',
        handledAt: at('2025-03-16T10:00:00Z'),
        createdAt: at('2025-03-01T10:00:00Z'),
      },
      {
        appId,
        taskId: t1!.id,
        userId: m2!.id,
        status: 'refused',
        handledAt: at('2025-03-16T10:00:00Z'),
        createdAt: at('2025-03-02T10:00:00Z'),
      },
      { appId, taskId: t1!.id, userId: m3!.id, createdAt: at('2025-04-01T10:00:00Z') },
    ])
    .returning({ id: taskAssignments.id });
  await t.insert(creditEntries).values({
    appId,
    userId: m1!.id,
    taskAssignmentId: a1!.id,
    harvestYear: 2025,
    amount: 2,
    description: 'Wieden',
    createdAt: at('2025-03-16T10:00:00Z'),
  });

  return {
    appId,
    host,
    analyst: await user('analist', { username: '', roles: ['Analyst'] }),
    admin: await user('admin', { username: '', roles: ['Admin'] }),
    manager: await user('beheerder', { username: '', roles: ['ApplicationManager'] }),
    member: m1!,
    walletIds: [w1!.id, w2!.id, w3!.id],
  };
}

/** `GET /api/analyst/<view>?…` on the farm's host as `as`. */
export function analystCall(
  ctx: TestContext,
  farm: Pick<AnalystFarm, 'host'>,
  view: string,
  query: string,
  as?: { id: number; appId: string },
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'GET',
    url: `/api/analyst/${view}?${query}`,
    as,
    headers: { host: farm.host },
  });
}
