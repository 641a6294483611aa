import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
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
} from '../db/schema/index.js';
import { harvestYearOf, harvestYearStartOf } from '../modules/harvest-year.js';
import { memberWalletId, moveMoney } from '../modules/wallet/ledger.js';
import { tableExists } from './table-exists.js';

/** How busy each month of a harvest year is (from its first month): summer is the high season. */
const season = [2, 3, 4, 5, 5, 4, 3, 2, 1, 1, 1, 2];

/**
 * Last harvest year on the demo farm (decision 085), so the analyst's charts have a season to show: every
 * month a work day with its attendance, two chores with confirmed helpers and their credits, and between
 * `jef` and `marie` requests with a reward and market sales that even out (their balances stay what the
 * other demo seeds give them). The welcome donations are dated at that year's start, so the ledger's
 * history stays in order. Runs inside the demo seed's transaction, once, after the other demo seeds.
 */
export async function seedDemoHistory(db: Database, appId: string): Promise<void> {
  const tx = db as unknown as Transaction;
  const farm = tenantDb(db, appId);
  const start = await harvestYearStartOf(db, appId);
  const year = harvestYearOf(new Date(), start).year - 1;
  /** Noon-ish (Brussels) on a day of the i-th month of last harvest year. */
  const on = (month: number, day: number, hours = 10) =>
    new Date(Date.UTC(year, start.month - 1 + month, day, hours - 1));

  // The migration test of 0002 seeds a database of before the ledger (0005): no history there.
  if (!(await tableExists(db, 'ledger_entries'))) return;
  // Everyone but `lid`: the member a newcomer tries first sees this season only (their chores,
  // events and credits), as the demo seeds of today's activity set it up.
  const people = (
    await farm
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.isApproved, true), eq(users.isActive, true)))
      .orderBy(users.id)
  ).filter((person) => person.username !== 'lid');
  const idOf = (username: string) => {
    const found = people.find((person) => person.username === username);
    if (!found) throw new Error(`Demo account ${username} missing for the demo history`);
    return found.id;
  };
  const manager = idOf('beheerder');
  const jef = idOf('jef');
  const marie = idOf('marie');

  await farm
    .update(ledgerEntries)
    .set({ createdAt: on(0, 1, 9) })
    .where(like(ledgerEntries.idempotencyKey, 'donation:demo-welcome:%'));

  for (const [month, busy] of season.entries()) {
    const monthName = new Intl.DateTimeFormat('nl-BE', { month: 'long', timeZone: 'UTC' }).format(
      on(month, 12),
    );
    const [event] = await farm
      .insert(events)
      .values({
        appId,
        title: `Werkdag ${monthName}`,
        location: 'Het veld',
        startsAt: on(month, 12),
        endsAt: on(month, 12, 16),
        isClosed: true,
        createdByUserId: manager,
        createdAt: on(month, 1),
      })
      .returning({ id: events.id });
    const guests = people.slice(0, Math.min(people.length, busy + 2));
    await farm.insert(eventAttendances).values(
      guests.map((person, index) => ({
        appId,
        eventId: event!.id,
        userId: person.id,
        guests: index % 3 === 0 ? 1 : 0,
        status: index === guests.length - 1 && busy < 3 ? 'refused' : 'confirmed',
        handledByUserId: manager,
        handledAt: on(month, 10),
        createdAt: on(month, 3 + index),
      })),
    );

    for (const [index, title] of ['Wieden', month < 6 ? 'Plantgoed zetten' : 'Oogsten'].entries()) {
      const [task] = await farm
        .insert(tasks)
        .values({
          appId,
          title,
          location: 'Het veld',
          startsAt: on(month, 8 + index * 10),
          endsAt: on(month, 8 + index * 10, 12),
          places: busy + 2,
          creditsPerPerson: 2,
          isClosed: true,
          createdByUserId: manager,
          createdAt: on(month, 1),
        })
        .returning({ id: tasks.id });
      const helpers = people.slice(index, index + busy + 1);
      const assignments = await farm
        .insert(taskAssignments)
        .values(
          helpers.map((person) => ({
            appId,
            taskId: task!.id,
            userId: person.id,
            status: 'confirmed',
            handledByUserId: manager,
            handledAt: on(month, 9 + index * 10),
            createdAt: on(month, 2 + index),
          })),
        )
        .returning({ id: taskAssignments.id, userId: taskAssignments.userId });
      await farm.insert(creditEntries).values(
        assignments.map((assignment) => ({
          appId,
          userId: assignment.userId,
          taskAssignmentId: assignment.id,
          harvestYear: year,
          amount: 2,
          description: title,
          createdAt: on(month, 9 + index * 10),
        })),
      );
    }

    // Requests: jef and marie help each other in turn, for the same reward (it evens out).
    if (month % 3 !== 0) {
      const [asker, helper] = month % 3 === 1 ? [jef, marie] : [marie, jef];
      const [request] = await farm
        .insert(requests)
        .values({
          appId,
          requesterUserId: asker,
          title: month % 3 === 1 ? 'Wie helpt me de serre opruimen?' : 'Even de kippen voederen',
          rewardCents: 150,
          status: 'completed',
          takenByUserId: helper,
          takenAt: on(month, 5),
          completedAt: on(month, 7),
          createdAt: on(month, 4),
        })
        .returning({ id: requests.id });
      await payOn(tx, appId, on(month, 7), {
        from: asker,
        to: helper,
        cents: 150,
        kind: 'reward',
        description: 'Beloning voor een vraag',
        key: `reward:demo-history:${request!.id}`,
        requestId: request!.id,
      });
    }

    // The market: marie's eggs and jef's jam, bought by the other in the same quantities (it evens out).
    const [owner, buyer] = month % 2 === 0 ? [marie, jef] : [jef, marie];
    const quantity = month % 4 > 1 ? 2 : 1;
    const [offer] = await farm
      .insert(products)
      .values({
        appId,
        ownerUserId: owner,
        title: month % 2 === 0 ? 'Verse eitjes' : 'Confituur van het veld',
        priceCents: 100,
        quantity: 6,
        unit: month % 2 === 0 ? 'doos' : 'pot',
        isClosed: true,
        takenQuantity: quantity,
        availableUntil: on(month, 25),
        createdAt: on(month, 6),
      })
      .returning({ id: products.id });
    const [sale] = await farm
      .insert(productReservations)
      .values({
        appId,
        productId: offer!.id,
        userId: buyer,
        quantity,
        unitPriceCents: 100,
        totalCents: quantity * 100,
        status: 'paid',
        handledAt: on(month, 15),
        createdAt: on(month, 14),
      })
      .returning({ id: productReservations.id });
    await payOn(tx, appId, on(month, 15), {
      from: buyer,
      to: owner,
      cents: quantity * 100,
      kind: 'purchase',
      description: 'Aankoop op de markt',
      key: `purchase:${sale!.id}`,
      reservationId: sale!.id,
    });
  }
}

/** A movement through the ledger (both balances move), dated `at`. */
async function payOn(
  tx: Transaction,
  appId: string,
  at: Date,
  move: {
    from: number;
    to: number;
    cents: number;
    kind: 'reward' | 'purchase';
    description: string;
    key: string;
    requestId?: number;
    reservationId?: number;
  },
): Promise<void> {
  await moveMoney(tx, {
    appId,
    fromWalletId: await memberWalletId(tx, appId, move.from),
    toWalletId: await memberWalletId(tx, appId, move.to),
    amountCents: move.cents,
    kind: move.kind,
    description: move.description,
    idempotencyKey: move.key,
    requestId: move.requestId ?? null,
    reservationId: move.reservationId ?? null,
  });
  await tenantDb(tx, appId)
    .update(ledgerEntries)
    .set({ createdAt: at })
    .where(inArray(ledgerEntries.idempotencyKey, [move.key]));
}
