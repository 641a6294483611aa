import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  donateResultSchema,
  internalBankSchema,
  issuancePageSchema,
  memberWalletPageSchema,
  memberWalletSchema,
  walletEntryPageSchema,
  walletSchema,
  walletWithEntriesSchema,
  type WalletEntryPage,
} from '@pluk/contract';
import {
  ledgerEntries,
  notifications,
  products,
  productReservations,
  requests,
  users,
  wallets,
} from '../src/db/schema/index.js';
import { putSetting } from '../src/lib/app-settings.js';
import { moveMoney } from '../src/modules/wallet/ledger.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let bankManager: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let fien: CreatedUser;
let sleeper: CreatedUser;
let stranger: CreatedUser;
let strangerBanker: CreatedUser;
let keyCounter = 0;
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;
const newKey = () => `test-key-${process.pid}-${++keyCounter}`;

async function setTransactionable(userId: number, on = true) {
  await ctx.db.update(users).set({ isTransactionable: on }).where(eq(users.id, userId));
}

beforeAll(async () => {
  ctx = await createTestContext();
  bankManager = await ctx.createUser({
    username: 'bankier',
    roles: ['BankManager'],
    firstName: 'Bert',
    lastName: 'Bank',
  });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teuns' });
  fien = await ctx.createUser({ username: 'fien', firstName: 'Fien', lastName: 'Fonteyn' });
  sleeper = await ctx.createUser({ username: 'slaper', firstName: 'Sam', lastName: 'Slaper', active: false });
  for (const u of [lien, tom, fien, sleeper]) await setTransactionable(u.id);
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  strangerBanker = await ctx.createUser({
    appId: other.appId,
    username: 'vreemdbank',
    roles: ['BankManager'],
  });
  await setTransactionable(stranger.id);
});
afterAll(() => ctx.close());

const donate = (payload: Record<string, unknown>, as: CreatedUser = bankManager) =>
  ctx.request({ method: 'POST', url: '/api/applicationManager/User/DonateVirtualMoney', as, payload });

async function give(userIds: number[], amountCents: number, reason = 'Welkom') {
  const response = await donate({ userIds, amountCents, reason, idempotencyKey: newKey() });
  expect(response.statusCode, response.body).toBe(200);
  return donateResultSchema.parse(json(response));
}

async function walletOf(user: CreatedUser) {
  const response = await ctx.request({ method: 'GET', url: '/api/User/Wallet/false', as: user });
  expect(response.statusCode, response.body).toBe(200);
  return walletSchema.parse(json(response));
}

/** Σ in − Σ out of the member's ledger rows. */
async function ledgerSum(userId: number): Promise<number> {
  const [row] = await ctx.db
    .select({
      sum: sql<number>`coalesce(sum(case when ${ledgerEntries.toWalletId} = ${wallets.id} then ${ledgerEntries.amountCents} else -${ledgerEntries.amountCents} end), 0)::int`,
    })
    .from(wallets)
    .innerJoin(
      ledgerEntries,
      sql`${ledgerEntries.fromWalletId} = ${wallets.id} or ${ledgerEntries.toWalletId} = ${wallets.id}`,
    )
    .where(eq(wallets.userId, userId));
  return Number(row?.sum ?? 0);
}

describe('wallet of a member', () => {
  it('is 0 for a member without movements, and GET makes no wallet row', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/User/Wallet', as: fien });
    expect(response.statusCode).toBe(200);
    const wallet = walletWithEntriesSchema.parse(json(response));
    expect(wallet).toMatchObject({
      balanceCents: 0,
      reservedCents: 0,
      availableCents: 0,
      isTransactionable: true,
    });
    expect(wallet.mayToggleTransactionable).toBe(true);
    expect(wallet.entries.items).toEqual([]);
    const rows = await ctx.db.select().from(wallets).where(eq(wallets.userId, fien.id));
    expect(rows).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/User/Wallet' });
    expect(response.statusCode).toBe(401);
  });
});

describe('donations from the internal bank', () => {
  it('gives each member the amount once, notifies them, and balance = Σ in − Σ out of the ledger', async () => {
    const key = newKey();
    const payload = {
      userIds: [lien.id, tom.id],
      amountCents: 1250,
      reason: 'Welkomstgeschenk',
      idempotencyKey: key,
    };
    const first = await donate(payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(donateResultSchema.parse(json(first))).toEqual({
      donatedCount: 2,
      alreadyDonatedCount: 0,
      totalCents: 2500,
    });
    const lienWallet = await walletOf(lien);
    expect(lienWallet.balanceCents).toBe(1250);
    expect(await ledgerSum(lien.id)).toBe(1250);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, '/wallet')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toContain('12,50 plukgeld');

    // The same key again: nothing moves, nobody is notified twice.
    const again = await donate(payload);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ donatedCount: 0, alreadyDonatedCount: 2, totalCents: 0 });
    expect((await walletOf(lien)).balanceCents).toBe(1250);
    expect((await walletOf(tom)).balanceCents).toBe(1250);
    const notesAfter = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, '/wallet')));
    expect(notesAfter).toHaveLength(1);

    // The same key with another recipient added: only the new one gets it.
    const wider = await donate({ ...payload, userIds: [lien.id, tom.id, fien.id] });
    expect(json(wider)).toEqual({ donatedCount: 1, alreadyDonatedCount: 2, totalCents: 1250 });
    expect((await walletOf(fien)).balanceCents).toBe(1250);

    // The same key for another amount is another movement under the same key.
    const reused = await donate({ ...payload, amountCents: 999 });
    expect(reused.statusCode).toBe(409);
    expect(errorOf(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it("gives nothing when one id is another farm's member or unknown", async () => {
    const before = await walletOf(lien);
    for (const ids of [
      [lien.id, stranger.id],
      [lien.id, 999_999],
    ]) {
      const response = await donate({
        userIds: ids,
        amountCents: 100,
        reason: 'x',
        idempotencyKey: newKey(),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await walletOf(lien)).balanceCents).toBe(before.balanceCents);
    const strangerWallets = await ctx.db.select().from(wallets).where(eq(wallets.userId, stranger.id));
    expect(strangerWallets).toHaveLength(0);
  });

  it('refuses an inactive member (400) and one who does not trade (409 NOT_TRANSACTIONABLE, named)', async () => {
    const inactive = await donate({
      userIds: [sleeper.id],
      amountCents: 100,
      reason: 'x',
      idempotencyKey: newKey(),
    });
    expect(inactive.statusCode).toBe(400);
    expect(errorOf(inactive).message).toContain('Sam Slaper');
    const off = await ctx.createUser({ username: 'uit', firstName: 'Ulla', lastName: 'Uit' });
    const response = await donate({
      userIds: [lien.id, off.id],
      amountCents: 100,
      reason: 'x',
      idempotencyKey: newKey(),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('NOT_TRANSACTIONABLE');
    expect(errorOf(response).message).toContain('Ulla Uit');
  });

  it('answers a retry as the first call did, even when a recipient stopped trading since', async () => {
    const member = await ctx.createUser({ username: 'stopper', firstName: 'Stijn', lastName: 'Stopper' });
    await setTransactionable(member.id);
    const payload = { userIds: [member.id], amountCents: 200, reason: 'Gift', idempotencyKey: newKey() };
    expect(json(await donate(payload))).toMatchObject({ donatedCount: 1 });
    await setTransactionable(member.id, false);
    const retry = await donate(payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json(retry)).toEqual({ donatedCount: 0, alreadyDonatedCount: 1, totalCents: 0 });
    const fresh = await donate({ ...payload, idempotencyKey: newKey() });
    expect(errorOf(fresh).code).toBe('NOT_TRANSACTIONABLE');
  });

  it('is for BankManagers of this farm only, and checks its body', async () => {
    const payload = { userIds: [lien.id], amountCents: 100, reason: 'x', idempotencyKey: newKey() };
    expect((await donate(payload, lien)).statusCode).toBe(403);
    const foreign = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/DonateVirtualMoney',
      as: strangerBanker,
      headers: { host: 'ander.test' },
      payload,
    });
    expect(foreign.statusCode).toBe(404);
    for (const bad of [
      { ...payload, amountCents: 0 },
      { ...payload, amountCents: 12.5 },
      { ...payload, userIds: [] },
      { ...payload, reason: ' ' },
      { ...payload, idempotencyKey: 'kort' },
    ]) {
      expect((await donate(bad)).statusCode).toBe(400);
    }
  });
});

describe('movements of my wallet', () => {
  it('are newest first, signed from my side, with the counterpart, and page by cursor', async () => {
    const mover = await ctx.createUser({ username: 'pager', firstName: 'Paul', lastName: 'Pager' });
    await setTransactionable(mover.id);
    for (let i = 1; i <= 5; i += 1) await give([mover.id], i * 100, `Gift ${i}`);
    const first = await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries?pageSize=2', as: mover });
    const page1 = walletEntryPageSchema.parse(json(first));
    expect(page1.items.map((e) => e.description)).toEqual(['Gift 5', 'Gift 4']);
    expect(page1.items[0]).toMatchObject({
      amountCents: 500,
      direction: 'in',
      kind: 'donation',
      counterpart: { kind: 'bank', name: 'Interne bank' },
      offerId: null,
      requestId: null,
    });
    expect(page1.total).toBe(5);
    const seen: string[] = page1.items.map((e) => e.description);
    let cursor = page1.nextCursor;
    while (cursor) {
      const next: WalletEntryPage = walletEntryPageSchema.parse(
        json(
          await ctx.request({
            method: 'GET',
            url: `/api/User/Wallet/entries?pageSize=2&after=${cursor}`,
            as: mover,
          }),
        ),
      );
      seen.push(...next.items.map((e) => e.description));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(['Gift 5', 'Gift 4', 'Gift 3', 'Gift 2', 'Gift 1']);
    const bad = await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries?after=bm9wZQ', as: mover });
    expect(bad.statusCode).toBe(400);
    const full = walletWithEntriesSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User/Wallet', as: mover })),
    );
    expect(full.balanceCents).toBe(1500);
    expect(full.entries.items).toHaveLength(5);
    // Another member does not see them.
    const others = walletEntryPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries', as: lien })),
    );
    expect(others.items.some((e) => e.description.startsWith('Gift'))).toBe(false);
  });
});

describe('movements between members', () => {
  it('name the other member and link the request or offer they paid for', async () => {
    const asker = await ctx.createUser({ username: 'vrager', firstName: 'Vera', lastName: 'Vrager' });
    const helper = await ctx.createUser({ username: 'helper', firstName: 'Hans', lastName: 'Helper' });
    for (const u of [asker, helper]) await setTransactionable(u.id);
    await give([asker.id], 1000, 'Start');
    const created = await ctx.request({
      method: 'POST',
      url: '/api/request/create',
      as: asker,
      payload: { title: 'Onkruid wieden', rewardCents: 400 },
    });
    const requestId = (json(created) as { id: number }).id;
    await ctx.request({ method: 'POST', url: '/api/request/take', as: helper, payload: { requestId } });
    const confirmed = await ctx.request({
      method: 'POST',
      url: '/api/request/confirm',
      as: asker,
      payload: { requestId },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const askerEntries = walletEntryPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries', as: asker })),
    );
    expect(askerEntries.items[0]).toMatchObject({
      amountCents: -400,
      direction: 'out',
      kind: 'reward',
      counterpart: { kind: 'member', name: 'Hans Helper' },
      requestId,
      offerId: null,
    });
    const helperEntries = walletEntryPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries', as: helper })),
    );
    expect(helperEntries.items[0]).toMatchObject({
      amountCents: 400,
      direction: 'in',
      counterpart: { kind: 'member', name: 'Vera Vrager' },
      requestId,
    });
    // A paid purchase (written as the market's confirm writes it): the entry links the offer.
    const [product] = await ctx.db
      .insert(products)
      .values({ appId: ctx.appId, ownerUserId: helper.id, title: 'Prei', priceCents: 150, quantity: 3 })
      .returning();
    const [reservation] = await ctx.db
      .insert(productReservations)
      .values({
        appId: ctx.appId,
        productId: product!.id,
        userId: asker.id,
        quantity: 2,
        unitPriceCents: 150,
        totalCents: 300,
        status: 'paid',
      })
      .returning();
    const [from] = await ctx.db.select().from(wallets).where(eq(wallets.userId, asker.id));
    const [to] = await ctx.db.select().from(wallets).where(eq(wallets.userId, helper.id));
    await ctx.db.transaction((tx) =>
      moveMoney(tx, {
        appId: ctx.appId,
        fromWalletId: from!.id,
        toWalletId: to!.id,
        amountCents: 300,
        kind: 'purchase',
        description: '2 × Prei',
        idempotencyKey: `purchase:${reservation!.id}`,
        reservationId: reservation!.id,
      }),
    );
    const afterPurchase = walletEntryPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User/Wallet/entries', as: asker })),
    );
    expect(afterPurchase.items[0]).toMatchObject({
      kind: 'purchase',
      amountCents: -300,
      offerId: product!.id,
    });
    expect(await ledgerSum(asker.id)).toBe((await walletOf(asker)).balanceCents);
    expect((await walletOf(asker)).balanceCents).toBe(300);
    expect(await ledgerSum(helper.id)).toBe(700);
  });
});

describe('switching trading with virtual money', () => {
  it('switches for myself when the farm allows, refuses when it does not', async () => {
    const me = await ctx.createUser({ username: 'wissel', firstName: 'Wim', lastName: 'Wissel' });
    const toggle = () => ctx.request({ method: 'POST', url: '/api/User/ToggleTransactionable', as: me });
    const on = await toggle();
    expect(on.statusCode, on.body).toBe(200);
    expect(walletSchema.parse(json(on)).isTransactionable).toBe(true);
    const off = await toggle();
    expect(json(off).isTransactionable).toBe(false);
    const other = await ctx.createApp({ appId: 'strikt', hosts: ['strikt.test'] });
    await putSetting(ctx.db, other.appId, 'wallet.membersMayToggleTransactionable', 'false');
    const strict = await ctx.createUser({ appId: other.appId, username: 'strikt' });
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/User/ToggleTransactionable',
      as: strict,
      headers: { host: 'strikt.test' },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('TOGGLE_TRANSACTIONABLE_NOT_ALLOWED');
    const wallet = await ctx.request({
      method: 'GET',
      url: '/api/User/Wallet/false',
      as: strict,
      headers: { host: 'strikt.test' },
    });
    expect(json(wallet).mayToggleTransactionable).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, strict.id));
    expect(row!.isTransactionable).toBe(false);
  });

  it('refuses to switch off with a reward promised or a reservation open', async () => {
    const me = await ctx.createUser({ username: 'belover', firstName: 'Bea', lastName: 'Belover' });
    await setTransactionable(me.id);
    await give([me.id], 1000);
    const [req] = await ctx.db
      .insert(requests)
      .values({ appId: ctx.appId, requesterUserId: me.id, title: 'Hulp', rewardCents: 300 })
      .returning();
    const refused = await ctx.request({ method: 'POST', url: '/api/User/ToggleTransactionable', as: me });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('TRANSACTIONABLE_HAS_OPEN');
    expect((await walletOf(me)).reservedCents).toBe(300);
    expect((await walletOf(me)).availableCents).toBe(700);
    await ctx.db.update(requests).set({ status: 'closed' }).where(eq(requests.id, req!.id));

    const [product] = await ctx.db
      .insert(products)
      .values({
        appId: ctx.appId,
        ownerUserId: lien.id,
        title: 'Eieren',
        priceCents: 200,
        quantity: 5,
      })
      .returning();
    const [reservation] = await ctx.db
      .insert(productReservations)
      .values({
        appId: ctx.appId,
        productId: product!.id,
        userId: me.id,
        quantity: 1,
        unitPriceCents: 200,
        totalCents: 200,
      })
      .returning();
    const byManager = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/ToggleTransactionable',
      as: bankManager,
      payload: { userId: me.id },
    });
    expect(byManager.statusCode).toBe(409);
    expect(errorOf(byManager).message).toContain('Bea Belover');
    await ctx.db
      .update(productReservations)
      .set({ status: 'cancelled' })
      .where(eq(productReservations.id, reservation!.id));
    const ok = await ctx.request({ method: 'POST', url: '/api/User/ToggleTransactionable', as: me });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).isTransactionable).toBe(false);
  });

  it('refuses to switch off while money is still to come in: a sale waiting, a reward of a taken request', async () => {
    const seller = await ctx.createUser({ username: 'verkoper', firstName: 'Vera', lastName: 'Verkoper' });
    const buyer = await ctx.createUser({ username: 'koper', firstName: 'Koen', lastName: 'Koper' });
    const toggle = () => ctx.request({ method: 'POST', url: '/api/User/ToggleTransactionable', as: seller });
    await setTransactionable(seller.id);
    const [product] = await ctx.db
      .insert(products)
      .values({ appId: ctx.appId, ownerUserId: seller.id, title: 'Honing', priceCents: 400, quantity: 3 })
      .returning();
    const [sale] = await ctx.db
      .insert(productReservations)
      .values({
        appId: ctx.appId,
        productId: product!.id,
        userId: buyer.id,
        quantity: 1,
        unitPriceCents: 400,
        totalCents: 400,
      })
      .returning();
    expect(errorOf(await toggle()).code).toBe('TRANSACTIONABLE_HAS_OPEN');
    await ctx.db
      .update(productReservations)
      .set({ status: 'refused' })
      .where(eq(productReservations.id, sale!.id));
    const [taken] = await ctx.db
      .insert(requests)
      .values({
        appId: ctx.appId,
        requesterUserId: buyer.id,
        title: 'Gras maaien',
        rewardCents: 250,
        status: 'taken',
        takenByUserId: seller.id,
      })
      .returning();
    expect(errorOf(await toggle()).code).toBe('TRANSACTIONABLE_HAS_OPEN');
    await ctx.db.update(requests).set({ status: 'completed' }).where(eq(requests.id, taken!.id));
    const ok = await toggle();
    expect(ok.statusCode).toBe(200);
    expect(json(ok).isTransactionable).toBe(false);
  });

  it("lets the BankManager switch a member of this farm, not another farm's", async () => {
    const member = await ctx.createUser({ username: 'schakel', firstName: 'Stef', lastName: 'Schakel' });
    const toggle = (userId: number, as: CreatedUser = bankManager) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/User/ToggleTransactionable',
        as,
        payload: { userId },
      });
    const on = await toggle(member.id);
    expect(on.statusCode, on.body).toBe(200);
    expect(memberWalletSchema.parse(json(on))).toMatchObject({
      userId: member.id,
      isTransactionable: true,
      balanceCents: 0,
    });
    expect((await toggle(stranger.id)).statusCode).toBe(404);
    expect((await toggle(member.id, lien)).statusCode).toBe(403);
  });
});

describe('the internal bank', () => {
  it('shows issued = Σ member wallets, the history newest first, and the members with balances', async () => {
    const bankResponse = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/internalbank',
      as: bankManager,
    });
    expect(bankResponse.statusCode).toBe(200);
    const bank = internalBankSchema.parse(json(bankResponse));
    expect(bank.issuedCents).toBeGreaterThan(0);
    expect(bank.membersTotalCents).toBe(bank.issuedCents);
    const [ledger] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.appId, ctx.appId), eq(ledgerEntries.kind, 'donation')));
    expect(bank.donationCount).toBe(ledger!.n);

    await give([tom.id], 777, 'Laatste gift');
    const history = issuancePageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/internalbank/history?pageSize=3',
          as: bankManager,
        }),
      ),
    );
    expect(history.items[0]).toMatchObject({
      amountCents: 777,
      description: 'Laatste gift',
      recipient: { id: tom.id, firstName: 'Tom', lastName: 'Teuns' },
      issuedBy: 'Bert Bank',
    });
    expect(history.nextCursor).not.toBeNull();

    const list = memberWalletPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/internalbank/wallets?search=teun',
          as: bankManager,
        }),
      ),
    );
    expect(list.items).toEqual([
      expect.objectContaining({
        userId: tom.id,
        firstName: 'Tom',
        balanceCents: (await walletOf(tom)).balanceCents,
      }),
    ]);
    const all = memberWalletPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/internalbank/wallets?pageSize=2',
          as: bankManager,
        }),
      ),
    );
    expect(all.items).toHaveLength(2);
    expect(all.items.some((m) => m.userId === sleeper.id)).toBe(false);
    const next = memberWalletPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: `/api/applicationManager/internalbank/wallets?pageSize=2&after=${all.nextCursor}`,
          as: bankManager,
        }),
      ),
    );
    expect(next.items[0]!.lastName >= all.items[1]!.lastName).toBe(true);
    // Another farm's bank knows nothing of ours.
    const foreign = internalBankSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/internalbank',
          as: strangerBanker,
          headers: { host: 'ander.test' },
        }),
      ),
    );
    expect(foreign).toEqual({
      issuedCents: 0,
      membersTotalCents: 0,
      donationCount: 0,
      transactionableMemberCount: 1,
    });
    expect(
      (await ctx.request({ method: 'GET', url: '/api/applicationManager/internalbank', as: lien }))
        .statusCode,
    ).toBe(403);
  });
});
