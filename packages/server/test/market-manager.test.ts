import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managerOfferPageSchema,
  offerDetailSchema,
  offerPageSchema,
  offerTakerSchema,
  reserveResultSchema,
  type OfferDetail,
} from '@pluk/contract';
import { users } from '../src/db/schema/index.js';
import { bankWalletId, memberWalletId, moveMoney } from '../src/modules/wallet/ledger.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartBody, tinyPng, type MultipartPart as Part } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let owner: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let strangerManager: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'winkel', firstName: 'Wim', roles: ['ProductManager'] });
  owner = await ctx.createUser({ username: 'olga', firstName: 'Olga', lastName: 'Oogst' });
  lien = await ctx.createUser({
    username: 'lien',
    firstName: 'Lien',
    lastName: 'Lid',
    email: 'lien@example.test',
    phone: '0470 12 34 56',
  });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teuns' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  strangerManager = await ctx.createUser({
    appId: other.appId,
    username: 'vreemd',
    roles: ['ProductManager'],
  });
  for (const u of [manager, owner, lien, tom]) {
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, u.id));
  }
  for (const u of [lien, tom]) {
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
});
afterAll(() => ctx.close());

const errorOf = (response: { json(): unknown }) => (response.json() as { error: { code: string } }).error;

function fields(values: Record<string, string>): Part[] {
  return Object.entries({ description: '', unit: 'kg', pickupInfo: '', ...values }).map(([name, value]) => ({
    name,
    value,
  }));
}

async function memberOffer(title: string, priceCents: number, quantity = 10): Promise<OfferDetail> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/product/create',
    as: owner,
    ...multipartBody(fields({ title, priceCents: String(priceCents), quantity: String(quantity) })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return offerDetailSchema.parse(json(response));
}

const buy = async (as: CreatedUser, offerId: number, quantity: number) => {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/product/buy',
    as,
    payload: { offerId, quantity },
  });
  expect(response.statusCode, response.body).toBe(200);
  return reserveResultSchema.parse(json(response)).reservation;
};

describe('ProductManager', () => {
  it('creates an offer of the farm (the manager owns it) with a photo and changes any offer', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/Create',
      as: manager,
      ...multipartBody([
        ...fields({ title: 'Hoevepakket', priceCents: '1250', quantity: '20' }),
        { name: 'photos', fileName: 'pakket.png', type: 'image/png', data: tinyPng },
      ]),
    });
    expect(created.statusCode, created.body).toBe(200);
    const offer = offerDetailSchema.parse(json(created));
    expect(offer).toMatchObject({
      owner: { id: manager.id },
      priceCents: 1250,
      photoIds: [expect.any(Number)],
    });

    const members = await memberOffer('Sla van Olga', 0);
    const updated = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/Update',
      as: manager,
      ...multipartBody([
        { name: 'id', value: String(members.id) },
        ...fields({ title: 'Sla van Olga (bio)', priceCents: '0', quantity: '12' }),
      ]),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(offerDetailSchema.parse(json(updated))).toMatchObject({
      title: 'Sla van Olga (bio)',
      quantity: 12,
    });
    // A member cannot use the manager routes.
    const byMember = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/Update',
      as: owner,
      ...multipartBody([
        { name: 'id', value: String(members.id) },
        ...fields({ title: 'x', priceCents: '0', quantity: '1' }),
      ]),
    });
    expect(byMember.statusCode).toBe(403);
  });

  it('lists every offer with counts, status, price and search filters, paged', async () => {
    const a = await memberOffer('Lijst appels', 100);
    const b = await memberOffer('Lijst peren', 0);
    await ctx.request({ method: 'POST', url: `/api/applicationManager/product/Close/${b.id}`, as: manager });
    const r1 = await buy(lien, a.id, 1);
    await buy(tom, a.id, 2);
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/confirm',
      as: manager,
      payload: { reservationId: r1.id },
    });

    const page = async (query: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/applicationManager/product?${query}`,
        as: manager,
      });
      expect(response.statusCode, response.body).toBe(200);
      return managerOfferPageSchema.parse(json(response));
    };
    const all = await page('search=Lijst');
    expect(all.items.map((o) => o.id)).toEqual([b.id, a.id]);
    expect(all.items[1]).toMatchObject({ reservedCount: 1, paidCount: 1, quantityLeft: 7 });
    expect((await page('search=Lijst&status=closed')).items.map((o) => o.id)).toEqual([b.id]);
    expect((await page('search=Lijst&status=active')).items.map((o) => o.id)).toEqual([a.id]);
    expect((await page('search=Lijst&price=paid')).items.map((o) => o.id)).toEqual([a.id]);
    const first = await page('search=Lijst&pageSize=1');
    expect(first.total).toBe(2);
    expect((await page(`search=Lijst&pageSize=1&after=${first.nextCursor}`)).items.map((o) => o.id)).toEqual([
      a.id,
    ]);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/applicationManager/product', as: owner })).statusCode,
    ).toBe(403);
  });

  it('sees every reservation, confirms and refuses for any owner, shows takers and exports them as .xlsx', async () => {
    const offer = await memberOffer('Bloemkool', 275, 10);
    const paid = await buy(lien, offer.id, 2);
    const waiting = await buy(tom, offer.id, 1);
    const refused = await buy(tom, offer.id, 3);

    const detail = offerDetailSchema.parse(
      json(
        await ctx.request({ method: 'GET', url: `/api/applicationManager/product/${offer.id}`, as: manager }),
      ),
    );
    expect(detail.reservations?.map((r) => r.id)).toEqual([paid.id, waiting.id, refused.id]);
    const confirm = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/confirm',
      as: manager,
      payload: { reservationId: paid.id },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const refuse = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/refuse',
      as: manager,
      payload: { reservationId: refused.id },
    });
    expect(offerDetailSchema.parse(json(refuse)).quantityLeft).toBe(7);

    const takersResponse = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/product/takers/${offer.id}`,
      as: manager,
    });
    const takers = offerTakerSchema.array().parse(json(takersResponse));
    expect(takers[0]).toMatchObject({
      id: paid.id,
      status: 'paid',
      email: 'lien@example.test',
      phone: '0470 12 34 56',
      subscriptionNames: [],
      taker: { firstName: 'Lien', lastName: 'Lid' },
    });

    const file = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/product/export/${offer.id}`,
      as: manager,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="aanbod-${offer.id}-afnemers.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([
      'naam',
      'e-mail',
      'telefoon',
      'hoeveelheid',
      'totaal',
      'status',
      'datum',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1, 7))).toEqual([
      ['Lien Lid', 'lien@example.test', '0470 12 34 56', 2, 5.5, 'betaald'],
      ['Tom Teuns', 'tom@example.test', '', 1, 2.75, 'gereserveerd'],
      ['Tom Teuns', 'tom@example.test', '', 3, 8.25, 'geweigerd'],
    ]);
    expect(rows[1]![7]).toBeInstanceOf(Date);
    // A member may not download it.
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/applicationManager/product/export/${offer.id}`,
          as: owner,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('closes and deletes any offer; delete is refused once something was paid', async () => {
    const offer = await memberOffer('Knolselder', 50, 3);
    const r = await buy(lien, offer.id, 1);
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/confirm',
      as: manager,
      payload: { reservationId: r.id },
    });
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/product/${offer.id}`,
      as: manager,
    });
    expect([del.statusCode, errorOf(del).code]).toEqual([409, 'OFFER_HAS_PAYMENTS']);
    const closed = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/product/Close/${offer.id}`,
      as: manager,
    });
    expect(offerDetailSchema.parse(json(closed)).isClosed).toBe(true);
    const free = await memberOffer('Rabarber', 0, 3);
    const gone = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/product/${free.id}`,
      as: manager,
    });
    expect(gone.statusCode).toBe(204);
  });

  it("another farm's manager reaches none of it", async () => {
    const offer = await memberOffer('Venkel', 30, 3);
    const r = await buy(lien, offer.id, 1);
    const as = { as: strangerManager, headers: { host: 'ander.test' } };
    for (const url of [
      `/api/applicationManager/product/${offer.id}`,
      `/api/applicationManager/product/takers/${offer.id}`,
      `/api/applicationManager/product/export/${offer.id}`,
    ]) {
      expect((await ctx.request({ method: 'GET', url, ...as })).statusCode, url).toBe(404);
    }
    for (const url of ['confirm', 'refuse']) {
      const response = await ctx.request({
        method: 'POST',
        url: `/api/applicationManager/product/${url}`,
        payload: { reservationId: r.id },
        ...as,
      });
      expect(response.statusCode, url).toBe(404);
    }
    expect(
      (await ctx.request({ method: 'POST', url: `/api/applicationManager/product/Close/${offer.id}`, ...as }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/applicationManager/product/${offer.id}`, ...as }))
        .statusCode,
    ).toBe(404);
    const list = managerOfferPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/applicationManager/product', ...as })),
    );
    expect(list.items).toEqual([]);
  });
});

describe('the demo market', () => {
  it('seeds offers, a photo, reservations and a paid purchase in both farms, with balanced books', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { seedDemo, demoPassword } = await import('../src/seed/demo.js');
    const { ledgerEntries, productReservations, products, wallets } =
      await import('../src/db/schema/index.js');
    const dataDir = await mkdtemp(join(tmpdir(), 'pluk-demo-market-'));
    const demo = await createTestContext({ withDefaultApp: false, config: { dataDir } });
    try {
      expect(await seedDemo(demo.db, { dataDir })).toBe(true);
      for (const [appId, host] of [
        ['plukhoeve', 'localhost'],
        ['hetveld', 'hetveld.localhost'],
      ] as const) {
        const offers = await demo.db.select().from(products).where(eq(products.appId, appId));
        expect(offers.length, appId).toBeGreaterThanOrEqual(3);
        expect(new Set(offers.map((o) => o.ownerUserId)).size).toBeGreaterThanOrEqual(3);
        expect(offers.some((o) => o.priceCents === 0) && offers.some((o) => o.priceCents > 0)).toBe(true);
        const reservations = await demo.db
          .select()
          .from(productReservations)
          .where(eq(productReservations.appId, appId));
        expect(reservations.some((r) => r.status === 'paid')).toBe(true);
        const walletRows = await demo.db.select().from(wallets).where(eq(wallets.appId, appId));
        const entries = await demo.db.select().from(ledgerEntries).where(eq(ledgerEntries.appId, appId));
        expect(walletRows.reduce((s, w) => s + w.balanceCents, 0)).toBe(0);
        // Today's one paid purchase; the demo history's (the analyst's charts) are of last harvest year.
        const recent = new Date(Date.now() - 30 * 24 * 3600 * 1000);
        expect(entries.filter((e) => e.kind === 'purchase' && e.createdAt > recent)).toHaveLength(1);

        // A member sees the market, with the photo served.
        const login = await demo.request({
          method: 'POST',
          url: '/api/auth/login',
          headers: { host },
          payload: { username: 'lid', password: demoPassword },
        });
        const { token } = json<{ token: string }>(login);
        const page = offerPageSchemaOf(
          await demo.request({ method: 'GET', url: '/api/product', as: token, headers: { host } }),
        );
        expect(page.items.length).toBeGreaterThanOrEqual(3);
        const withPhoto = page.items.find((o) => o.photoIds.length > 0);
        expect(withPhoto, appId).toBeDefined();
        const photo = await demo.request({
          method: 'GET',
          url: `/api/Media/${withPhoto!.photoIds[0]}`,
          as: token,
          headers: { host },
        });
        expect(photo.statusCode).toBe(200);
      }
    } finally {
      await demo.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

function offerPageSchemaOf(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return offerPageSchema.parse(response.json());
}
