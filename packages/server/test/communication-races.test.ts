import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailing } from '@pluk/contract';
import { jobs, mailings } from '../src/db/schema/index.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * A double-submitted mailing form, on PostgreSQL only (PGlite runs one statement at a time). The send
 * takes a transaction-scoped advisory lock on the form's idempotency key before it looks for a mailing
 * with that key, so the second submit waits and then answers the first's mailing. Seen failing with the
 * lock removed: both transactions found no mailing and each made one, mailing every member twice.
 */
describe.skipIf(!process.env.DATABASE_URL)('communication races (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('five submits of one form at once make one mailing and one e-mail per member', async () => {
    const manager = await ctx.createUser({ username: uniqueName('pm'), roles: ['PostManager'] });
    for (let i = 0; i < 20; i += 1) await ctx.createUser({ username: uniqueName(`lid${i}`) });
    const payload = {
      idempotencyKey: `race-${process.pid}-${Date.now()}`,
      audience: { kind: 'all' },
      subject: 'Tegelijk',
      body: '<p>Twee keer geklikt</p>',
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.request({
          method: 'POST',
          url: '/api/applicationManager/communication/mailings',
          as: manager,
          payload,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => json<Mailing>(a).id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.select({ id: mailings.id }).from(mailings).where(eq(mailings.appId, ctx.appId));
    expect(rows).toHaveLength(1);
    const queued = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'mailing:%'));
    expect(queued).toHaveLength(json<Mailing>(answers[0]!).recipients);
  });
});
