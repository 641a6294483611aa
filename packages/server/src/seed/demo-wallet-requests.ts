import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { requests, users } from '../db/schema/index.js';
import { bankWalletId, memberWalletId, moveMoney } from '../modules/wallet/ledger.js';
import { balanceCents, reservedCents } from '../modules/wallet/reserved.js';
import { tableExists } from './table-exists.js';

const day = 24 * 60 * 60 * 1000;

export interface DemoRequest {
  /** The requester's username. */
  by: string;
  title: string;
  description: string;
  rewardCents?: number;
  /** Days from now until it is needed; none: until it is done. */
  neededInDays?: number;
}

export interface DemoWalletOptions {
  /** Who gives the welcome money (a BankManager or ApplicationManager). */
  manager: string;
  /** What each approved, active member receives from the internal bank. */
  welcomeCents: number;
  requests: DemoRequest[];
}

/**
 * Virtual money and requests of a demo farm (decision 058): every approved, active account trades with
 * virtual money and gets a welcome donation from the internal bank through the ledger (real
 * `ledger_entries` rows, so balances and history agree), then a few open requests, one with a reward.
 * Runs inside the demo seed's transaction, once.
 */
export async function seedDemoWalletRequests(
  db: Database,
  appId: string,
  options: DemoWalletOptions,
): Promise<void> {
  const tx = db as unknown as Transaction;
  // The migration test of 0002 seeds a database of before migration 0005 (decision 058): no wallets yet.
  if (!(await tableExists(db, 'wallets'))) return;
  const farm = tenantDb(db, appId);
  await farm
    .update(users)
    .set({ isTransactionable: true })
    .where(and(eq(users.appId, appId), eq(users.isApproved, true), eq(users.isActive, true)));
  const members = await farm
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isApproved, true), eq(users.isActive, true)))
    .orderBy(users.id);
  const idOf = (username: string) => {
    const found = members.find((m) => m.username === username);
    if (!found) throw new Error(`Demo account ${username} missing for the wallet seed`);
    return found.id;
  };
  const managerId = idOf(options.manager);
  const bank = await bankWalletId(tx, appId);
  for (const member of members) {
    await moveMoney(tx, {
      appId,
      fromWalletId: bank,
      toWalletId: await memberWalletId(tx, appId, member.id),
      amountCents: options.welcomeCents,
      kind: 'donation',
      description: 'Welkomstgeschenk van de boerderij',
      idempotencyKey: `donation:demo-welcome:${member.id}`,
      createdByUserId: managerId,
    });
  }
  const now = Date.now();
  for (const [i, request] of options.requests.entries()) {
    const requesterId = idOf(request.by);
    // A reward is promised money (ADR 058): the demo keeps the rule the API enforces.
    const free = (await balanceCents(db, appId, requesterId)) - (await reservedCents(db, appId, requesterId));
    if ((request.rewardCents ?? 0) > free)
      throw new Error(`Demo request of ${request.by}: reward not covered`);
    await farm.insert(requests).values({
      appId,
      requesterUserId: requesterId,
      title: request.title,
      description: request.description,
      rewardCents: request.rewardCents ?? 0,
      neededBy: request.neededInDays === undefined ? null : new Date(now + request.neededInDays * day),
      // Oldest first, so the list (newest first) shows them in the order written here reversed.
      createdAt: new Date(now - (options.requests.length - i) * 60 * 60 * 1000),
    });
  }
}
