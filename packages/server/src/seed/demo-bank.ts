import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { subscriptions, userSubscriptions, users } from '../db/schema/index.js';
import { putSetting } from '../lib/app-settings.js';
import { bankSettingKeys } from '../modules/bank/setting-keys.js';
import { closeTransaction } from '../modules/bank/status-change.js';
import { insertTransaction } from '../modules/bank/transactions/create.js';
import { currentHarvestYear } from '../modules/harvest-year.js';
import { householdCounts } from '../modules/subscription/service.js';
import { tableExists } from './table-exists.js';

/** A demo farm's euro bank (decision 077): its account, and this year's subscriptions as transactions. */
export interface DemoBank {
  accountName: string;
  /** A valid IBAN (mod-97), so the payment page's QR code scans. */
  iban: string;
  bic: string;
  /** Usernames whose transactions are already paid by transfer; the others stay open. */
  paidBy: string[];
}

export async function seedDemoBank(db: Database, appId: string, bank: DemoBank): Promise<void> {
  // The migration test of 0002 seeds a database of before migration 0010: no bank yet.
  if (!(await tableExists(db, 'bank_transactions'))) return;
  await putSetting(db, appId, bankSettingKeys.accountName, bank.accountName);
  await putSetting(db, appId, bankSettingKeys.iban, bank.iban);
  await putSetting(db, appId, bankSettingKeys.bic, bank.bic);

  const { year, startsOn } = await currentHarvestYear(db, appId);
  const rows = await tenantDb(db, appId)
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      subscriptionId: subscriptions.id,
      name: subscriptions.name,
      adultPriceCents: subscriptions.adultPriceCents,
      childPriceCents: subscriptions.childPriceCents,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(and(eq(userSubscriptions.appId, appId), eq(subscriptions.harvestYear, year)))
    .orderBy(users.username, subscriptions.name);
  const households = await householdCounts(
    db,
    appId,
    rows.map((row) => row.userId),
  );
  // Due a month after the harvest year starts: some are overdue by now, as on a real farm.
  const due = new Date(`${startsOn}T12:00:00Z`);
  due.setUTCMonth(due.getUTCMonth() + 1);
  const tx = db as unknown as Transaction;
  for (const row of rows) {
    const household = households.get(row.userId) ?? { adults: 1, children: 0 };
    const amountCents = household.adults * row.adultPriceCents + household.children * row.childPriceCents;
    if (amountCents <= 0) continue;
    const created = await insertTransaction(
      tx,
      appId,
      {
        userId: row.userId,
        payerName: `${row.firstName} ${row.lastName}`,
        subscriptionId: row.subscriptionId,
        harvestYear: year,
        amountCents,
        description: `${row.name} ${year}`,
        dueDate: due.toISOString().slice(0, 10),
      },
      null,
    );
    if (bank.paidBy.includes(row.username))
      await closeTransaction(tx, appId, created.id, {
        to: 'paid',
        via: 'transfer',
        paidAt: new Date(Math.min(due.getTime(), Date.now())),
        actor: null,
        detail: 'Demo: betaald met een overschrijving',
      });
  }
}
