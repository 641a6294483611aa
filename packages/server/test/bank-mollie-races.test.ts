import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MollieGateway } from '../src/modules/bank/mollie/gateway.js';
import { eventsOf, hasPaidOf, transactionRow } from './helpers/bank-core.js';
import {
  memberWithTransaction,
  paymentIdOf,
  returnFrom,
  startMollieFarms,
  startPayment,
  webhook,
  webhookCallsOf,
  type MollieFarms,
} from './helpers/mollie-farms.js';

/**
 * Mollie calls a webhook again when it is slow to answer, and the member's return page asks Mollie at
 * the same moment: several requests apply the same "paid" at once. Only PostgreSQL runs their
 * statements side by side; the transaction row's lock (`lockTransaction`, `select … for update`) is
 * what makes the first one pay and the others see it paid. Seen failing with that lock removed
 * (three `paid` audit rows per transaction).
 */
describe.skipIf(!process.env.DATABASE_URL)('Mollie races (PostgreSQL)', () => {
  let farms: MollieFarms;

  beforeAll(async () => {
    farms = await startMollieFarms();
  });
  afterAll(() => farms.close());

  /**
   * Holds every `getPayment` until `size` of them have Mollie's answer, then lets them all go at once:
   * the racing requests enter their database transactions together instead of a few ms apart.
   */
  function releaseTogether(size: number) {
    const { ctx } = farms;
    const original = ctx.app.mollieGateways.forKey;
    let waiting: (() => void)[] = [];
    const gate = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === size) {
          for (const go of waiting) go();
          waiting = [];
        }
      });
    ctx.app.mollieGateways.forKey = (apiKey) => {
      const gateway = original(apiKey);
      const held: MollieGateway = {
        ...gateway,
        getPayment: async (id) => {
          const payment = await gateway.getPayment(id);
          await gate();
          return payment;
        },
      };
      return held;
    };
    return () => (ctx.app.mollieGateways.forKey = original);
  }

  it('the webhook called 3 times at once pays once: one audit row, one `paid` call, has_paid set', async () => {
    const { ctx, mollie, farmA } = farms;
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { user, transaction } = await memberWithTransaction(ctx, farmA);
        const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
        mollie.setStatus(paymentId, 'paid');
        return { user, transaction, paymentId };
      }),
    );
    for (const { user, transaction, paymentId } of rounds) {
      const restore = releaseTogether(3);
      try {
        const answers = await Promise.all([1, 2, 3].map(() => webhook(ctx, farmA, `id=${paymentId}`)));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      } finally {
        restore();
      }
      const paid = (await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'paid');
      expect(paid, `transaction ${transaction.id}`).toHaveLength(1);
      expect((await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => c.outcome).sort()).toEqual([
        'paid',
        'unchanged',
        'unchanged',
      ]);
      expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'paid', paidVia: 'online' });
      expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(true);
    }
  });

  it('two webhooks and the return page at once: one payment, and the page says paid', async () => {
    const { ctx, mollie, farmA } = farms;
    for (let round = 0; round < 5; round += 1) {
      const { transaction } = await memberWithTransaction(ctx, farmA);
      const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
      mollie.setStatus(paymentId, 'paid');
      const restore = releaseTogether(3);
      try {
        const [first, second, page] = await Promise.all([
          webhook(ctx, farmA, `id=${paymentId}`),
          webhook(ctx, farmA, `id=${paymentId}`),
          returnFrom(ctx, farmA, transaction.publicId),
        ]);
        expect([first.statusCode, second.statusCode, page.statusCode]).toEqual([200, 200, 200]);
        expect(page.json()).toMatchObject({ status: 'paid' });
      } finally {
        restore();
      }
      expect((await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
    }
  });
});
