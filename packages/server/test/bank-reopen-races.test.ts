import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRefunds, bankTransactions } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { codeOf, eventsOf, transactionRow } from './helpers/bank-core.js';
import {
  memberWithTransaction,
  paymentIdOf,
  startMollieFarms,
  startPayment,
  webhook,
  type MollieFarms,
} from './helpers/mollie-farms.js';
import { uniqueName } from './helpers/test-app.js';

/**
 * Two managers (or a double click) reopening or refunding the same paid transaction at once (ADR 093),
 * on PostgreSQL only: PGlite runs one statement at a time. The transaction row's lock
 * (`lockTransaction`, `select … for update`) makes the second wait and then find it open: one reopen,
 * one refund at Mollie, one history row; the other answers 409 TRANSACTION_NOT_PAID. Seen failing with
 * that lock removed: two reopens both answered 200; two refunds both asked Mollie, and the second
 * insert into `bank_refunds` broke on its unique index (409 CONFLICT).
 */
describe.skipIf(!process.env.DATABASE_URL)('reopen and refund races (PostgreSQL)', () => {
  let farms: MollieFarms;
  let managers: CreatedUser[];

  beforeAll(async () => {
    farms = await startMollieFarms();
    managers = [];
    for (const name of ['Piet', 'Paula']) {
      managers.push(
        await farms.ctx.createUser({
          appId: farms.farmA.appId,
          username: uniqueName('penning'),
          firstName: name,
          lastName: 'Penning',
          roles: ['BankManager'],
        }),
      );
    }
  });
  afterAll(() => farms.close());

  const post = (path: string, id: number, as: CreatedUser) =>
    farms.ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/${path}/${id}`,
      as,
      payload: { reason: `Vergissing van ${as.username}` },
      headers: { host: farms.farmA.host },
    });

  it('two reopens at once: one reopens, the other answers 409; one history row', async () => {
    const { ctx, farmA } = farms;
    for (let round = 0; round < 8; round += 1) {
      const { transaction } = await memberWithTransaction(ctx, farmA);
      await ctx.db
        .update(bankTransactions)
        .set({ status: 'paid', paidVia: 'cash', paidAt: new Date() })
        .where(eq(bankTransactions.id, transaction.id));
      const answers = await Promise.all(managers.map((m) => post('reopen', transaction.id, m)));
      expect(answers.map(codeOf).sort(), `round ${round}`).toEqual(['OK', 'TRANSACTION_NOT_PAID']);
      const reopened = (await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'reopened');
      expect(reopened, `round ${round}`).toHaveLength(1);
      expect((await transactionRow(ctx, transaction.id)).status).toBe('open');
    }
  });

  it('two refunds at once: Mollie refunds once, one ledger row, the other answers 409', async () => {
    const { ctx, farmA, mollie } = farms;
    for (let round = 0; round < 5; round += 1) {
      const { transaction } = await memberWithTransaction(ctx, farmA);
      const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
      mollie.setStatus(paymentId, 'paid');
      expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
      const answers = await Promise.all(managers.map((m) => post('refund', transaction.id, m)));
      expect(answers.map(codeOf).sort(), `round ${round}`).toEqual(['OK', 'TRANSACTION_NOT_PAID']);
      const asked = mollie.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v2/payments/${paymentId}/refunds`,
      );
      expect(asked, `round ${round}`).toHaveLength(1);
      const ledger = await ctx.db
        .select()
        .from(bankRefunds)
        .where(eq(bankRefunds.transactionId, transaction.id));
      expect(ledger).toHaveLength(1);
      const refunded = (await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'refunded');
      expect(refunded).toHaveLength(1);
    }
  });
});
