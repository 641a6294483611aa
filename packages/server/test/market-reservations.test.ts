import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managerReservationPageSchema,
  offerDetailSchema,
  reserveResultSchema,
  type OfferDetail,
} from '@pluk/contract';
import { users } from '../src/db/schema/index.js';
import { bankWalletId, memberWalletId, moveMoney } from '../src/modules/wallet/ledger.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** `GET applicationManager/product/reservations` (ADR 096): every reservation of the farm for the ProductManager. */

let ctx: TestContext;
let manager: CreatedUser;
let owner: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let strangerManager: CreatedUser;
let eggs: OfferDetail;
let honey: OfferDetail;
const ids: Record<string, number> = {};

async function offer(title: string, priceCents: number): Promise<OfferDetail> {
  const fields = {
    title,
    priceCents: String(priceCents),
    quantity: '20',
    description: '',
    unit: 'pot',
    pickupInfo: '',
  };
  const response = await ctx.request({
    method: 'POST',
    url: '/api/product/create',
    as: owner,
    ...multipartBody(Object.entries(fields).map(([name, value]) => ({ name, value }))),
  });
  expect(response.statusCode, response.body).toBe(200);
  return offerDetailSchema.parse(json(response));
}

async function buy(as: CreatedUser, offerId: number, quantity: number): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/product/buy',
    as,
    payload: { offerId, quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reserveResultSchema.parse(json(response)).reservation.id;
}

const list = (query: string, as: CreatedUser | undefined = manager) =>
  ctx.request({ method: 'GET', url: `/api/applicationManager/product/reservations${query}`, as });
const page = async (query: string, as?: CreatedUser) => {
  const response = await list(query, as);
  expect(response.statusCode, response.body).toBe(200);
  return managerReservationPageSchema.parse(json(response));
};

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'winkel', roles: ['ProductManager'] });
  owner = await ctx.createUser({ username: 'olga', firstName: 'Olga', lastName: 'Oogst' });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teuns' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  strangerManager = await ctx.createUser({
    appId: other.appId,
    username: 'vreemd',
    roles: ['ProductManager'],
  });
  await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, owner.id));
  for (const u of [lien, tom]) {
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, u.id));
    await ctx.db.transaction(async (tx) =>
      moveMoney(tx, {
        appId: ctx.appId,
        fromWalletId: await bankWalletId(tx, ctx.appId),
        toWalletId: await memberWalletId(tx, ctx.appId, u.id),
        amountCents: 5000,
        kind: 'donation',
        description: 'start',
        idempotencyKey: `start:${u.id}`,
      }),
    );
  }
  eggs = await offer('Verse eieren', 300);
  honey = await offer('Honing', 800);
  ids.lienEggs = await buy(lien, eggs.id, 2);
  ids.tomEggs = await buy(tom, eggs.id, 1);
  ids.tomHoney = await buy(tom, honey.id, 1);
});
afterAll(() => ctx.close());

describe('the ProductManager’s reservations', () => {
  it('lists every reservation of the farm, newest first, with its offer and owner', async () => {
    const all = await page('');
    expect(all.items.map((r) => r.id)).toEqual([ids.tomHoney, ids.tomEggs, ids.lienEggs]);
    expect(all).toMatchObject({ total: 3, page: 0, pageSize: 25 });
    expect(all.items[2]).toMatchObject({
      quantity: 2,
      totalCents: 600,
      status: 'reserved',
      taker: { id: lien.id, firstName: 'Lien', lastName: 'Lid' },
      offer: { id: eggs.id, title: 'Verse eieren', unit: 'pot', owner: { id: owner.id, firstName: 'Olga' } },
    });
  });

  it('filters by status, offer and a search in the taker or the title, and pages with the cursor', async () => {
    const confirmed = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/confirm',
      as: manager,
      payload: { reservationId: ids.tomEggs },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await page('?status=paid')).items.map((r) => r.id)).toEqual([ids.tomEggs]);
    expect((await page('?status=reserved')).items.map((r) => r.id)).toEqual([ids.tomHoney, ids.lienEggs]);
    expect((await page(`?offerId=${eggs.id}`)).items.map((r) => r.id)).toEqual([ids.tomEggs, ids.lienEggs]);
    expect((await page('?search=lien%20l')).items.map((r) => r.id)).toEqual([ids.lienEggs]);
    expect((await page('?search=honing')).items.map((r) => r.id)).toEqual([ids.tomHoney]);
    expect((await page('?search=100%25')).items).toEqual([]);

    const first = await page('?pageSize=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`?pageSize=2&page=1&after=${first.nextCursor}`);
    expect(second.items.map((r) => r.id)).toEqual([ids.lienEggs]);
    expect(second.nextCursor).toBeNull();
  });

  it('is for a ProductManager only', async () => {
    expect((await list('', lien)).statusCode).toBe(403);
    expect((await list('', owner)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/applicationManager/product/reservations' })).statusCode,
    ).toBe(401);
  });

  it('shows another farm nothing of this one', async () => {
    const theirs = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/product/reservations?offerId=${eggs.id}`,
      as: strangerManager,
      headers: { host: 'ander.test' },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(managerReservationPageSchema.parse(json(theirs))).toMatchObject({ items: [], total: 0 });
    // Their token is not valid on this farm's address at all.
    expect((await list('', strangerManager)).statusCode).toBe(401);
  });

  it('refuses bad input with a clear Dutch message', async () => {
    for (const [query, field] of [
      ['?pageSize=101', 'pageSize'],
      ['?status=open', 'status'],
      ['?offerId=abc', 'offerId'],
      ['?offerId=0', 'offerId'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?after=%3Cscript%3E', 'after'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      const error = (
        response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }
      ).error;
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.fields?.[field], query).toMatch(/[a-z]/);
    }
    const tooMany = (await list('?pageSize=101')).json() as { error: { fields: Record<string, string> } };
    expect(tooMany.error.fields.pageSize).toBe('Hoogstens 100 per pagina.');
  });
});
