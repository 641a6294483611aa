import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerDetailSchema, requestDetailSchema, reserveResultSchema } from '@pluk/contract';
import {
  ledgerEntries,
  productReservations,
  products,
  requests,
  users,
  wallets,
} from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The ledger's invariant under concurrency (docs/product/money.md, "Virtual money", ADR 058/061): 200
 * purchases, confirmations, refusals, cancellations, donations, promised and paid rewards between 20 members
 * at once, then the books must balance to the cent, and repeating every call that took effect (same
 * idempotency key, or the same reservation for confirm/refuse/cancel) changes nothing. PostgreSQL only:
 * PGlite runs one statement at a time, so nothing would race.
 */
describe.skipIf(!process.env.DATABASE_URL)('the ledger under 200 concurrent calls (PostgreSQL)', () => {
  let ctx: TestContext;
  let bank: CreatedUser;
  const members: CreatedUser[] = [];
  const offers: { id: number; ownerIndex: number; priceCents: number }[] = [];

  // A small deterministic random, so a failure can be replayed.
  let seed = 20261124;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  type Call = { label: string; send: () => ReturnType<TestContext['request']> };

  const donateCall = (userIds: number[], amountCents: number, key: string): Call => ({
    label: `donate ${key}`,
    send: () =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/User/DonateVirtualMoney',
        as: bank,
        payload: { userIds, amountCents, reason: 'Bedankt voor de hulp', idempotencyKey: key },
      }),
  });
  const buyCall = (as: CreatedUser, offerId: number, quantity: number, key: string): Call => ({
    label: `buy ${key}`,
    send: () =>
      ctx.request({
        method: 'POST',
        url: '/api/product/buy',
        as,
        payload: { offerId, quantity, idempotencyKey: key },
      }),
  });
  const requestCall = (as: CreatedUser, rewardCents: number, index: number): Call => ({
    label: `request-create ${index}`,
    send: () =>
      ctx.request({
        method: 'POST',
        url: '/api/request/create',
        as,
        payload: { title: `Hulp gezocht ${index}`, rewardCents },
      }),
  });
  const rewardConfirmCall = (as: CreatedUser, requestId: number): Call => ({
    label: `request-confirm ${requestId}`,
    send: () => ctx.request({ method: 'POST', url: '/api/request/confirm', as, payload: { requestId } }),
  });
  const handleCall = (
    kind: 'confirm' | 'refuse' | 'cancel',
    as: CreatedUser,
    reservationId: number,
  ): Call => ({
    label: `${kind} ${reservationId}`,
    send: () => ctx.request({ method: 'POST', url: `/api/product/${kind}`, as, payload: { reservationId } }),
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    bank = await ctx.createUser({ username: 'bank', roles: ['BankManager'] });
    for (let i = 0; i < 20; i += 1) {
      const member = await ctx.createUser({ username: `lid${i}`, firstName: `Lid${i}` });
      await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, member.id));
      members.push(member);
    }
    // Everyone starts with 20,00 from the internal bank.
    const start = await donateCall(
      members.map((m) => m.id),
      2000,
      'start-kapitaal',
    ).send();
    expect(start.statusCode, start.body).toBe(200);
    // Eight members each offer two things, priced 0,75 to 4,00, plenty of each.
    for (let i = 0; i < 8; i += 1) {
      for (const priceCents of [75 + i * 25, 400 - i * 20]) {
        const response = await ctx.request({
          method: 'POST',
          url: '/api/product/create',
          as: members[i]!,
          ...multipartBody([
            { name: 'title', value: `Aanbod ${i}-${priceCents}` },
            { name: 'priceCents', value: String(priceCents) },
            { name: 'quantity', value: '1000' },
          ]),
        });
        expect(response.statusCode, response.body).toBe(200);
        offers.push({ id: offerDetailSchema.parse(json(response)).id, ownerIndex: i, priceCents });
      }
    }
  });
  afterAll(() => ctx.close());

  /** A purchase of someone else's offer by a random member. */
  function randomBuy(key: string, maxQuantity = 3): Call {
    const offer = pick(offers);
    const buyerIndex = (offer.ownerIndex + 1 + Math.floor(random() * 19)) % 20;
    return buyCall(members[buyerIndex]!, offer.id, 1 + Math.floor(random() * maxQuantity), key);
  }

  const ownerOf = (offerId: number) => members[offers.find((o) => o.id === offerId)!.ownerIndex]!;

  async function snapshot() {
    const walletRows = await ctx.db.select().from(wallets).orderBy(wallets.id);
    const entryCount = (await ctx.db.select({ id: ledgerEntries.id }).from(ledgerEntries)).length;
    const reservations = await ctx.db
      .select({ id: productReservations.id, status: productReservations.status })
      .from(productReservations)
      .orderBy(productReservations.id);
    const requestRows = await ctx.db
      .select({ id: requests.id, status: requests.status })
      .from(requests)
      .orderBy(requests.id);
    return {
      wallets: walletRows.map((w) => [w.id, w.balanceCents]),
      entryCount,
      reservations,
      requests: requestRows,
    };
  }

  it('keeps Σ wallets = Σ issued, no wallet below zero, every movement matched, and repeats change nothing', async () => {
    // 60 reservations waiting, so the storm can confirm, refuse and cancel them while others buy.
    const waiting: { id: number; takerIndex: number; offerId: number }[] = [];
    for (let i = 0; i < 60; i += 1) {
      const call = randomBuy(`vooraf-${i}`, 1);
      const response = await call.send();
      expect(response.statusCode, response.body).toBe(200);
      const { reservation } = reserveResultSchema.parse(json(response));
      waiting.push({
        id: reservation.id,
        offerId: reservation.offerId,
        takerIndex: members.findIndex((m) => m.id === reservation.taker.id),
      });
    }

    // 20 requests with a reward, each taken by another member, waiting for the requester's confirm.
    const taken: { id: number; requesterIndex: number }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const requesterIndex = i;
      const created = await ctx.request({
        method: 'POST',
        url: '/api/request/create',
        as: members[requesterIndex]!,
        payload: { title: `Vooraf gevraagd ${i}`, rewardCents: 100 + i * 10 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = requestDetailSchema.parse(json(created)).id;
      const take = await ctx.request({
        method: 'POST',
        url: '/api/request/take',
        as: members[(i + 7) % 20]!,
        payload: { requestId: id },
      });
      expect(take.statusCode, take.body).toBe(200);
      taken.push({ id, requesterIndex });
    }

    // 200 calls at once: 40 purchases, 40 confirms, 40 refusals (30 of them racing a confirm of the
    // same reservation), 20 cancellations (10 racing a confirm), 30 donations, 10 new requests with a
    // reward (promising money while the same members buy) and 20 reward confirmations.
    const calls: Call[] = [];
    for (let i = 0; i < 40; i += 1) calls.push(randomBuy(`storm-koop-${i}`));
    for (let i = 0; i < 10; i += 1)
      calls.push(requestCall(pick(members), 100 + Math.floor(random() * 900), i));
    for (const t of taken) calls.push(rewardConfirmCall(members[t.requesterIndex]!, t.id));
    for (const w of waiting.slice(10, 50)) calls.push(handleCall('confirm', ownerOf(w.offerId), w.id));
    for (const w of waiting.slice(0, 40)) calls.push(handleCall('refuse', ownerOf(w.offerId), w.id));
    for (const w of waiting.slice(40, 60)) calls.push(handleCall('cancel', members[w.takerIndex]!, w.id));
    for (let i = 0; i < 30; i += 1) {
      const userIds = [...new Set([pick(members).id, pick(members).id, pick(members).id])];
      calls.push(donateCall(userIds, 50 + Math.floor(random() * 500), `schenking-${i}`));
    }
    expect(calls).toHaveLength(200);
    // Shuffled, so each kind races every other.
    for (let i = calls.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [calls[i], calls[j]] = [calls[j]!, calls[i]!];
    }
    const responses = await Promise.all(calls.map((c) => c.send()));
    const expected = new Set(['OK', 'INSUFFICIENT_FUNDS', 'RESERVATION_ALREADY_HANDLED', 'OFFER_SOLD_OUT']);
    const outcomes = responses.map((r, i) => {
      const code = r.statusCode === 200 ? 'OK' : (r.json() as { error: { code: string } }).error.code;
      expect(expected.has(code), `${calls[i]!.label}: ${r.statusCode} ${r.body}`).toBe(true);
      return code;
    });
    const tally: Record<string, number> = {};
    outcomes.forEach((o, i) => {
      const key = `${calls[i]!.label.split(' ')[0]}:${o}`;
      tally[key] = (tally[key] ?? 0) + 1;
    });
    for (const kind of [
      'buy',
      'confirm',
      'refuse',
      'cancel',
      'donate',
      'request-create',
      'request-confirm',
    ]) {
      expect(tally[`${kind}:OK`], kind).toBeGreaterThan(0);
    }
    // Confirm and refuse (or cancel) of one reservation raced: exactly one of the two won each time.
    expect(
      (tally['confirm:RESERVATION_ALREADY_HANDLED'] ?? 0) +
        (tally['refuse:RESERVATION_ALREADY_HANDLED'] ?? 0) +
        (tally['cancel:RESERVATION_ALREADY_HANDLED'] ?? 0),
    ).toBe(40);
    // The storm did something of every kind.
    expect(outcomes.filter((o) => o === 'OK').length).toBeGreaterThan(100);

    await assertBooksBalance();

    // Repeating every call that took effect changes nothing. (A new request has no key: repeating it
    // asks again, by design, so it is left out.)
    const before = await snapshot();
    const succeeded = calls.filter((c, i) => outcomes[i] === 'OK' && !c.label.startsWith('request-create'));
    const again = await Promise.all(succeeded.map((c) => c.send()));
    again.forEach((r, i) => {
      const label = succeeded[i]!.label;
      // A refusal or cancellation repeated after its reservation was confirmed by the racing call
      // cannot happen (it succeeded, so the reservation is refused/cancelled): every repeat is a 200.
      expect(r.statusCode, `${label}: ${r.body}`).toBe(200);
    });
    expect(await snapshot()).toEqual(before);
    await assertBooksBalance();
  });

  async function assertBooksBalance() {
    const walletRows = await ctx.db.select().from(wallets);
    const entries = await ctx.db.select().from(ledgerEntries);
    const reservations = await ctx.db.select().from(productReservations);
    const productRows = await ctx.db.select().from(products);
    const requestRows = await ctx.db.select().from(requests);
    const bankWallet = walletRows.find((w) => w.kind === 'bank')!;
    const memberWallets = walletRows.filter((w) => w.kind === 'member');
    const issued = entries
      .filter((e) => e.fromWalletId === bankWallet.id)
      .reduce((sum, e) => sum + e.amountCents, 0);

    // Σ member wallets = Σ issued = − bank balance.
    expect(memberWallets.reduce((sum, w) => sum + w.balanceCents, 0)).toBe(issued);
    expect(bankWallet.balanceCents).toBe(-issued);
    // No member wallet below zero.
    for (const w of memberWallets) expect(w.balanceCents, `wallet ${w.id}`).toBeGreaterThanOrEqual(0);
    // Every balance is its ledger: Σ in − Σ out.
    for (const w of walletRows) {
      const inflow = entries.filter((e) => e.toWalletId === w.id).reduce((s, e) => s + e.amountCents, 0);
      const outflow = entries.filter((e) => e.fromWalletId === w.id).reduce((s, e) => s + e.amountCents, 0);
      expect(w.balanceCents, `wallet ${w.id}`).toBe(inflow - outflow);
    }
    // Every movement is a donation from the bank, the purchase of a paid reservation (buyer → owner) or
    // the reward of a completed request (requester → taker).
    const walletOfUser = new Map(memberWallets.map((w) => [w.userId, w.id]));
    const ownerOfProduct = new Map(productRows.map((p) => [p.id, p.ownerUserId]));
    for (const e of entries) {
      if (e.kind === 'donation') {
        expect(e.fromWalletId).toBe(bankWallet.id);
        continue;
      }
      if (e.kind === 'reward') {
        const request = requestRows.find((x) => x.id === e.requestId);
        expect(request?.status, `entry ${e.id}`).toBe('completed');
        expect(e.amountCents).toBe(request!.rewardCents);
        expect(e.fromWalletId).toBe(walletOfUser.get(request!.requesterUserId));
        expect(e.toWalletId).toBe(walletOfUser.get(request!.takenByUserId));
        continue;
      }
      expect(e.kind).toBe('purchase');
      const r = reservations.find((x) => x.id === e.reservationId);
      expect(r?.status, `entry ${e.id}`).toBe('paid');
      expect(e.amountCents).toBe(r!.totalCents);
      expect(e.fromWalletId).toBe(walletOfUser.get(r!.userId));
      expect(e.toWalletId).toBe(walletOfUser.get(ownerOfProduct.get(r!.productId)!));
      expect(e.idempotencyKey).toBe(`purchase:${r!.id}`);
    }
    // Every completed request with a reward has exactly its one movement.
    for (const r of requestRows.filter((x) => x.status === 'completed' && x.rewardCents > 0)) {
      expect(
        entries.filter((e) => e.requestId === r.id && e.kind === 'reward'),
        `request ${r.id}`,
      ).toHaveLength(1);
    }
    // And every paid reservation has exactly its one movement.
    for (const r of reservations.filter((x) => x.status === 'paid')) {
      expect(
        entries.filter((e) => e.reservationId === r.id),
        `reservation ${r.id}`,
      ).toHaveLength(1);
    }
    // What each member still has promised is covered by their balance.
    for (const w of memberWallets) {
      const promised =
        reservations
          .filter((r) => r.userId === w.userId && r.status === 'reserved')
          .reduce((s, r) => s + r.totalCents, 0) +
        requestRows
          .filter((r) => r.requesterUserId === w.userId && (r.status === 'open' || r.status === 'taken'))
          .reduce((s, r) => s + r.rewardCents, 0);
      expect(promised, `promised by user ${w.userId}`).toBeLessThanOrEqual(w.balanceCents);
    }
  }
});
