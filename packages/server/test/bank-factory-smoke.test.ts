import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankTransaction } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

describe('bank transaction factory', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('makes open transactions with unique mod-97 references and 32-character public ids', async () => {
    const user = await ctx.createUser({ username: 'payer1' });
    const a = await createBankTransaction(ctx.app.db, {
      appId: ctx.appId,
      userId: user.id,
      amountCents: 12_500,
      harvestYear: 2026,
    });
    const b = await createBankTransaction(ctx.app.db, {
      appId: ctx.appId,
      userId: user.id,
      amountCents: 100,
      harvestYear: 2026,
    });
    expect(a.status).toBe('open');
    expect(a.structuredReference).not.toBe(b.structuredReference);
    for (const t of [a, b]) {
      expect(t.publicId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const base = Number(t.structuredReference.slice(0, 10));
      expect(Number(t.structuredReference.slice(10))).toBe(base % 97 === 0 ? 97 : base % 97);
    }
  });
});
