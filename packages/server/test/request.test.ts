import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managerRequestPageSchema,
  myRequestsSchema,
  requestDetailSchema,
  requestPageSchema,
  walletSchema,
  type RequestDetail,
} from '@pluk/contract';
import { ledgerEntries, notifications, requests, users } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let banker: CreatedUser;
let moderator: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let fien: CreatedUser;
let stranger: CreatedUser;
let keyCounter = 0;
const newKey = () => `req-key-${process.pid}-${++keyCounter}`;
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

async function setTransactionable(userId: number, on = true) {
  await ctx.db.update(users).set({ isTransactionable: on }).where(eq(users.id, userId));
}

async function give(user: CreatedUser, amountCents: number) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/User/DonateVirtualMoney',
    as: banker,
    payload: { userIds: [user.id], amountCents, reason: 'Startgeld', idempotencyKey: newKey() },
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  banker = await ctx.createUser({ username: 'bankier', roles: ['BankManager'] });
  moderator = await ctx.createUser({ username: 'moderator', roles: ['RequestManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teuns' });
  fien = await ctx.createUser({ username: 'fien', firstName: 'Fien', lastName: 'Fonteyn' });
  for (const u of [lien, tom, fien]) await setTransactionable(u.id);
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  await give(lien, 2000);
});
afterAll(() => ctx.close());

const post = (url: string, as: CreatedUser, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: `/api/${url}`, as, payload });
const take = (requestId: number, as: CreatedUser) => post('request/take', as, { requestId });
const confirm = (requestId: number, as: CreatedUser) => post('request/confirm', as, { requestId });
const refuse = (requestId: number, as: CreatedUser) => post('request/refuse', as, { requestId });

async function create(as: CreatedUser, input: Record<string, unknown> = {}): Promise<RequestDetail> {
  const response = await post('request/create', as, { title: 'Hulp bij het oogsten', ...input });
  expect(response.statusCode, response.body).toBe(200);
  return requestDetailSchema.parse(json(response));
}

async function walletOf(user: CreatedUser) {
  return walletSchema.parse(
    json(await ctx.request({ method: 'GET', url: '/api/User/Wallet/false', as: user })),
  );
}

async function notesOf(userId: number, link: string) {
  return ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.link, link)));
}

describe('a request with a reward, from asking to paying', () => {
  it('is created, taken, confirmed once, and the reward moves requester → taker', async () => {
    const request = await create(lien, { description: 'Twee uur', rewardCents: 500, neededBy: inDays(3) });
    expect(request).toMatchObject({
      status: 'open',
      rewardCents: 500,
      isMine: true,
      takenBy: null,
      requester: { id: lien.id, firstName: 'Lien', lastName: 'Lid' },
      hasEnded: false,
    });
    expect(await walletOf(lien)).toMatchObject({
      balanceCents: 2000,
      reservedCents: 500,
      availableCents: 1500,
    });

    const taken = await take(request.id, tom);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(requestDetailSchema.parse(json(taken))).toMatchObject({
      status: 'taken',
      isTakenByMe: true,
      takenBy: { id: tom.id, firstName: 'Tom' },
    });
    const takenNotes = await notesOf(lien.id, `/requests/${request.id}`);
    expect(takenNotes).toHaveLength(1);
    expect(takenNotes[0]!.title).toContain('Tom Teuns');
    // A repeat by the taker changes nothing.
    expect((await take(request.id, tom)).statusCode).toBe(200);
    expect(await notesOf(lien.id, `/requests/${request.id}`)).toHaveLength(1);
    // Someone else cannot take it any more, nor confirm or refuse it.
    expect(errorOf(await take(request.id, fien)).code).toBe('REQUEST_NOT_OPEN');
    expect((await confirm(request.id, tom)).statusCode).toBe(403);
    expect((await confirm(request.id, fien)).statusCode).toBe(403);
    expect((await refuse(request.id, tom)).statusCode).toBe(403);

    const confirmed = await confirm(request.id, lien);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json(confirmed)).toMatchObject({ status: 'completed' });
    expect(await walletOf(lien)).toMatchObject({ balanceCents: 1500, reservedCents: 0 });
    expect((await walletOf(tom)).balanceCents).toBe(500);
    const rewardNotes = await notesOf(tom.id, '/wallet');
    expect(rewardNotes).toHaveLength(1);
    expect(rewardNotes[0]!.title).toBe('Je ontving 5,00 plukgeld');

    // A repeated confirm: 200, nothing moves again.
    const again = await confirm(request.id, lien);
    expect(again.statusCode).toBe(200);
    expect((await walletOf(tom)).balanceCents).toBe(500);
    const rows = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.requestId, request.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'reward', amountCents: 500 });
    expect(await notesOf(tom.id, '/wallet')).toHaveLength(1);

    // Completed: no refuse, no delete, no close, no update.
    expect(errorOf(await refuse(request.id, lien)).code).toBe('REQUEST_COMPLETED');
    const del = await ctx.request({ method: 'DELETE', url: `/api/request/delete/${request.id}`, as: lien });
    expect(errorOf(del).code).toBe('REQUEST_COMPLETED');
    const close = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/request/Close/${request.id}`,
      as: moderator,
    });
    expect(errorOf(close).code).toBe('REQUEST_COMPLETED');
    const update = await post('request/update', lien, { id: request.id, title: 'Anders' });
    expect(errorOf(update).code).toBe('REQUEST_NOT_OPEN');
  });

  it('opens again when the requester refuses; the taker is told', async () => {
    const request = await create(lien, { rewardCents: 100 });
    expect(errorOf(await refuse(request.id, lien)).code).toBe('REQUEST_NOT_TAKEN');
    expect(errorOf(await confirm(request.id, lien)).code).toBe('REQUEST_NOT_TAKEN');
    await take(request.id, fien);
    const refused = await refuse(request.id, lien);
    expect(refused.statusCode).toBe(200);
    expect(json(refused)).toMatchObject({ status: 'open', takenBy: null, takenAt: null });
    const notes = await notesOf(fien.id, `/requests/${request.id}`);
    expect(notes.map((n) => n.title)).toEqual([expect.stringContaining('geweigerd')]);
    // Taken again by another and confirmed: the reward moves once, to the new taker.
    await take(request.id, tom);
    const before = (await walletOf(tom)).balanceCents;
    expect((await confirm(request.id, lien)).statusCode).toBe(200);
    expect((await walletOf(tom)).balanceCents).toBe(before + 100);
    expect((await walletOf(fien)).balanceCents).toBe(0);
  });
});

describe('refusals', () => {
  it('cannot take my own request, an ended one, or one of another farm', async () => {
    const own = await create(lien);
    expect(errorOf(await take(own.id, lien)).code).toBe('REQUEST_OWN');
    const [past] = await ctx.db
      .insert(requests)
      .values({
        appId: ctx.appId,
        requesterUserId: tom.id,
        title: 'Gisteren',
        neededBy: new Date(Date.now() - 60_000),
      })
      .returning();
    expect(errorOf(await take(past!.id, lien)).code).toBe('REQUEST_ENDED');
    const [foreign] = await ctx.db
      .insert(requests)
      .values({ appId: 'ander', requesterUserId: stranger.id, title: 'Elders' })
      .returning();
    for (const response of [
      await take(foreign!.id, lien),
      await confirm(foreign!.id, lien),
      await refuse(foreign!.id, lien),
      await ctx.request({ method: 'GET', url: `/api/request/${foreign!.id}`, as: lien }),
      await ctx.request({ method: 'DELETE', url: `/api/request/delete/${foreign!.id}`, as: lien }),
      await post('request/update', lien, { id: foreign!.id, title: 'x' }),
      await ctx.request({
        method: 'POST',
        url: `/api/applicationManager/request/Close/${foreign!.id}`,
        as: moderator,
      }),
      await ctx.request({
        method: 'DELETE',
        url: `/api/applicationManager/request/${foreign!.id}`,
        as: moderator,
      }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const [still] = await ctx.db.select().from(requests).where(eq(requests.id, foreign!.id));
    expect(still).toMatchObject({ status: 'open', takenByUserId: null });
  });

  it('needs money and trading for a reward, at creation, change and take', async () => {
    const poor = await ctx.createUser({ username: 'arm', firstName: 'Arne', lastName: 'Arm' });
    const free = await create(poor);
    expect(free.rewardCents).toBe(0);
    const notTrading = await post('request/create', poor, { title: 'Met beloning', rewardCents: 100 });
    expect(notTrading.statusCode).toBe(409);
    expect(errorOf(notTrading).code).toBe('NOT_TRANSACTIONABLE');
    await setTransactionable(poor.id);
    const broke = await post('request/create', poor, { title: 'Met beloning', rewardCents: 100 });
    expect(errorOf(broke).code).toBe('INSUFFICIENT_FUNDS');
    await give(poor, 300);
    const first = await create(poor, { rewardCents: 200 });
    // 300 − 200 promised: only 100 free.
    expect(errorOf(await post('request/create', poor, { title: 'Nog een', rewardCents: 150 })).code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    const raised = await post('request/update', poor, { id: first.id, title: 'Meer', rewardCents: 301 });
    expect(errorOf(raised).code).toBe('INSUFFICIENT_FUNDS');
    const ok = await post('request/update', poor, { id: first.id, title: 'Meer', rewardCents: 300 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ title: 'Meer', rewardCents: 300 });
    // Someone else cannot change it.
    expect((await post('request/update', lien, { id: first.id, title: 'Van mij' })).statusCode).toBe(403);
    // A taker who does not trade cannot take a rewarded request, but can take a free one.
    const outsider = await ctx.createUser({ username: 'buiten', firstName: 'Bo', lastName: 'Buiten' });
    expect(errorOf(await take(first.id, outsider)).code).toBe('NOT_TRANSACTIONABLE');
    expect((await take(free.id, outsider)).statusCode).toBe(200);
    // A past neededBy is refused.
    const past = await post('request/create', poor, { title: 'Te laat', neededBy: '2020-01-01T10:00:00Z' });
    expect(past.statusCode).toBe(400);
  });

  it('deletes my own open or taken request, not someone else’s; the taker is told', async () => {
    const request = await create(tom);
    await take(request.id, fien);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/request/delete/${request.id}`, as: lien }))
        .statusCode,
    ).toBe(403);
    const del = await ctx.request({ method: 'DELETE', url: `/api/request/delete/${request.id}`, as: tom });
    expect(del.statusCode).toBe(204);
    expect(await ctx.db.select().from(requests).where(eq(requests.id, request.id))).toHaveLength(0);
    const notes = await notesOf(fien.id, '/requests');
    expect(notes.some((n) => n.title.includes('verwijderd'))).toBe(true);
  });
});

describe('lists', () => {
  it('lists open and taken requests newest first, filters, and pages by cursor', async () => {
    const member = await ctx.createUser({ username: 'lijst', firstName: 'Lies', lastName: 'Lijst' });
    const made: number[] = [];
    for (let i = 0; i < 4; i += 1) made.push((await create(member, { title: `Lijstverzoek ${i}` })).id);
    const closed = await create(member, { title: 'Lijstverzoek gesloten' });
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/request/Close/${closed.id}`,
      as: moderator,
    });
    const url = '/api/request?search=Lijstverzoek&pageSize=3';
    const first = requestPageSchema.parse(json(await ctx.request({ method: 'GET', url, as: lien })));
    expect(first.items.map((r) => r.id)).toEqual([made[3], made[2], made[1]]);
    expect(first.total).toBe(4);
    const second = requestPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: `${url}&after=${first.nextCursor}`, as: lien })),
    );
    expect(second.items.map((r) => r.id)).toEqual([made[0]]);
    expect(second.nextCursor).toBeNull();
    const done = requestPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/request?search=Lijstverzoek&isCompleted=true',
          as: lien,
        }),
      ),
    );
    expect(done.items.map((r) => r.id)).toEqual([closed.id]);
    const home = requestPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/request?isCompleted=false&pageSize=6&page=0&hasEnded=false',
          as: lien,
        }),
      ),
    );
    expect(home.items.length).toBeLessThanOrEqual(6);
    expect(home.items.every((r) => (r.status === 'open' || r.status === 'taken') && !r.hasEnded)).toBe(true);
    const mine = requestPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/request?mine=true', as: member })),
    );
    expect(mine.items.every((r) => r.isMine)).toBe(true);
    expect(mine.items).toHaveLength(4);
    // The same pages by cursor without a search (the prepared query of the home block and list).
    const minePage = requestPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/request?mine=true&pageSize=3', as: member })),
    );
    expect(minePage.items.map((r) => r.id)).toEqual([made[3], made[2], made[1]]);
    const mineNext = requestPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: `/api/request?mine=true&pageSize=3&after=${minePage.nextCursor}`,
          as: member,
        }),
      ),
    );
    expect(mineNext.items.map((r) => r.id)).toEqual([made[0]]);
    const others = requestPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/request?mine=false&pageSize=50', as: member })),
    );
    expect(others.items.some((r) => r.isMine)).toBe(false);
    expect(others.items.length).toBeGreaterThan(0);
    // Another farm sees none of them.
    const foreign = requestPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/request',
          as: stranger,
          headers: { host: 'ander.test' },
        }),
      ),
    );
    expect(foreign.items.some((r) => r.title.startsWith('Lijstverzoek'))).toBe(false);
  });

  it('shows what I asked and what I took', async () => {
    const asker = await ctx.createUser({ username: 'vrager', firstName: 'Vera', lastName: 'Vrager' });
    const helper = await ctx.createUser({ username: 'helper', firstName: 'Hans', lastName: 'Helper' });
    const request = await create(asker, { title: 'Mijn vraag' });
    await take(request.id, helper);
    const askerView = myRequestsSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/requests', as: asker })),
    );
    expect(askerView.asked.map((r) => r.id)).toEqual([request.id]);
    expect(askerView.taken).toEqual([]);
    const helperView = myRequestsSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/requests', as: helper })),
    );
    expect(helperView.taken.map((r) => r.id)).toEqual([request.id]);
  });
});

describe('moderation by a RequestManager', () => {
  it('lists every request by status, closes (both told) and deletes; members cannot', async () => {
    const request = await create(fien, { title: 'Te modereren' });
    await take(request.id, tom);
    const list = managerRequestPageSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/request?status=taken&search=modereren',
          as: moderator,
        }),
      ),
    );
    expect(list.items.map((r) => r.id)).toEqual([request.id]);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/applicationManager/request', as: lien })).statusCode,
    ).toBe(403);
    const closed = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/request/Close/${request.id}`,
      as: moderator,
    });
    expect(closed.statusCode).toBe(200);
    expect(json(closed)).toMatchObject({ status: 'closed' });
    for (const id of [fien.id, tom.id]) {
      const notes = await notesOf(id, `/requests/${request.id}`);
      expect(notes.some((n) => n.title.includes('afgesloten'))).toBe(true);
    }
    expect(errorOf(await take(request.id, lien)).code).toBe('REQUEST_NOT_OPEN');
    const again = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/request/Close/${request.id}`,
      as: moderator,
    });
    expect(again.statusCode).toBe(200);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/request/${request.id}`,
      as: moderator,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/request/${request.id}`, as: fien })).statusCode,
    ).toBe(404);
  });

  it('keeps the ledger movement when a completed request is deleted', async () => {
    const request = await create(lien, { title: 'Betaald', rewardCents: 50 });
    await take(request.id, fien);
    await confirm(request.id, lien);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/request/${request.id}`,
      as: moderator,
    });
    expect(del.statusCode).toBe(204);
    const rows = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'reward'), eq(ledgerEntries.description, 'Beloning voor "Betaald"')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.requestId).toBeNull();
    expect((await walletOf(fien)).balanceCents).toBe(50);
  });
});
