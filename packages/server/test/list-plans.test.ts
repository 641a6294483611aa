import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ledgerEntries, posts, products, tasks, wallets } from '../src/db/schema/index.js';
import { literalCount, windowKey, windowOf, windowParams } from '../src/lib/paging.js';
import { createCrop, type CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';
import { genericPlan, statementsDuring, type Statement } from './helpers/query-plan.js';

/**
 * The lists keep a good cached plan (ADR 066). A prepared statement is planned once, generically (for
 * any parameter values), when PostgreSQL judges that plan about as cheap as planning afresh; otherwise
 * it plans every execution again. A `LIMIT $n` is planned as "10 % of the rows", and `is_active = $n`
 * cannot use the partial index made for `is_active`, so on a large database the lists were planned on
 * every request. These tests read the SQL each list really runs and ask PostgreSQL (PGlite or the
 * server) for its generic plan: the LIMIT is in the text, and the plan uses the list's index.
 */

let ctx: TestContext;
let manager: CreatedUser;
let member: CreatedUser;

const day = 24 * 60 * 60 * 1000;
const from = (days: number) => new Date(Date.now() + days * day);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  member = await ctx.createUser({ username: 'lien' });
  for (let i = 0; i < 3; i++) await ctx.createUser({ username: `wacht${i}`, approved: false });
  await ctx.db.insert(posts).values([
    { appId: ctx.appId, title: 'Oud', excerpt: 'oud', publishedAt: from(-3) },
    { appId: ctx.appId, title: 'Nieuw', excerpt: 'nieuw', publishedAt: from(-1) },
    { appId: ctx.appId, title: 'Klad', excerpt: 'klad', isActive: false, publishedAt: from(0) },
  ]);
  const chore = (days: number, isClosed = false) => ({
    appId: ctx.appId,
    title: `Klus ${days}`,
    startsAt: from(days),
    endsAt: new Date(from(days).getTime() + 2 * 60 * 60 * 1000),
    places: 2,
    isClosed,
  });
  await ctx.db.insert(tasks).values([chore(-5), chore(-2), chore(1), chore(2), chore(3, true)]);
  const event = (days: number) => ({
    appId: ctx.appId,
    title: `Feest ${days}`,
    startsAt: from(days),
    endsAt: new Date(from(days).getTime() + 3 * 60 * 60 * 1000),
  });
  await ctx.db.insert(events).values([event(-4), event(-1), event(2), event(5)]);
  // The market and the wallet (decision 070): two offers, and two donations to the member.
  await ctx.db.insert(products).values([
    { appId: ctx.appId, ownerUserId: member.id, title: 'Eieren', quantity: 6, createdAt: from(-2) },
    { appId: ctx.appId, ownerUserId: manager.id, title: 'Honing', quantity: 3, createdAt: from(-1) },
  ]);
  const [bank, mine] = await ctx.db
    .insert(wallets)
    .values([
      { appId: ctx.appId, kind: 'bank', balanceCents: -1000 },
      { appId: ctx.appId, kind: 'member', userId: member.id, balanceCents: 1000 },
    ])
    .returning({ id: wallets.id });
  await ctx.db.insert(ledgerEntries).values(
    [1, 2].map((i) => ({
      appId: ctx.appId,
      fromWalletId: bank!.id,
      toWalletId: mine!.id,
      amountCents: 500,
      kind: 'donation',
      description: `Bijdrage ${i}`,
      idempotencyKey: `donation:plan-${i}:${member.id}`,
      createdAt: from(-i),
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

/** The statements the server ran for one request. */
async function statementsOf(request: Parameters<TestContext['request']>[0]) {
  const { result: response, statements } = await statementsDuring(() => ctx.request(request));
  expect(response.statusCode, response.body).toBe(200);
  return { body: json<{ total: number; items: unknown[] }>(response), statements };
}

/** The one statement of the request that reads `table` in the list's order. */
function listStatement(statements: Statement[], orderBy: string): Statement {
  const found = statements.filter((s) => s.query.includes(`order by ${orderBy}`));
  expect(found, statements.map((s) => s.query).join('\n')).toHaveLength(1);
  return found[0]!;
}

/**
 * One list request: it answers `total`, its one statement in `orderBy`'s order writes its LIMIT into the
 * text, and (with `index`) its generic plan reads that index. Returns the statement and the plan.
 */
async function listOnIndex(
  request: Parameters<TestContext['request']>[0],
  expected: { total: number; orderBy: string; index?: string },
) {
  const { body, statements } = await statementsOf(request);
  const url = String(request.url);
  expect(body.total, url).toBe(expected.total);
  const list = listStatement(statements, expected.orderBy);
  expect(list.query).not.toMatch(/\blimit \$\d/i);
  const plan = expected.index === undefined ? '' : await genericPlan(ctx.db, list);
  if (expected.index !== undefined) expect(plan, url).toContain(expected.index);
  return { list, plan };
}

describe('the lists keep a generic plan on their index (ADR 066)', () => {
  it('the member post list (home): LIMIT in the text, active posts from the partial index', async () => {
    const { list, plan } = await listOnIndex(
      { method: 'GET', url: '/api/post?pageSize=1&page=0', as: member },
      { total: 2, orderBy: '"posts"."published_at" desc', index: 'posts_app_active_published_id' },
    );
    expect(list.query).toMatch(/\blimit 2\b/i);
    expect(list.query).not.toMatch(/\boffset\b/i);
    expect(plan).not.toContain('posts_app_published_id ');
  });

  it('the manager list of active posts: the same', async () => {
    await listOnIndex(
      { method: 'GET', url: '/api/applicationManager/Post/active?page=0&pageSize=1', as: manager },
      { total: 2, orderBy: '"posts"."published_at" desc', index: 'posts_app_active_published_id' },
    );
  });

  it('the waiting list: the partial index of the waiting, its total counted there', async () => {
    const { plan } = await listOnIndex(
      {
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        payload: { page: 1, rowsPerPage: 2, isApproved: false },
        as: manager,
      },
      { total: 3, orderBy: '"users"."created_at" asc', index: 'users_waiting_created_id' },
    );
    expect(plan.match(/users_waiting_created_id/g)?.length).toBe(2);
  });

  it('the home chores and /tasks: the open chores counted from their index by end', async () => {
    for (const url of ['/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false', '/api/Task/true']) {
      await listOnIndex(
        { method: 'GET', url, as: member },
        { total: 2, orderBy: '"tasks"."starts_at" asc', index: 'tasks_open_app_ends' },
      );
    }
  });

  it('the home event and /events: the events not ended counted from their index by end', async () => {
    await listOnIndex(
      {
        method: 'GET',
        url: '/api/event?pageSize=1&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc',
        as: member,
      },
      { total: 2, orderBy: '"events"."starts_at" asc', index: 'events_app_ends' },
    );
  });

  // (On the test's few rows PostgreSQL prefers other indexes for the offers; on a grown farm the member
  // page reads the partial products_open_app_created_id, the manager's products_app_created_id, ADR 070.)
  it('the member and manager offers: the LIMIT in the text, the manager total in the page', async () => {
    const memberList = await listOnIndex(
      { method: 'GET', url: '/api/product?isCompleted=false&pageSize=1&page=0&hasEnded=false', as: member },
      { total: 2, orderBy: '"products"."created_at" desc' },
    );
    // The open list's filter as the partial index states it (ADR 070): the stored taken quantity, no
    // sum over the reservations.
    expect(memberList.list.query).toContain(
      'not "products"."is_closed" and "products"."taken_quantity" < "products"."quantity"',
    );
    expect(memberList.list.query).not.toMatch(/product_reservations/);
    const { list } = await listOnIndex(
      { method: 'GET', url: '/api/applicationManager/product?page=0&pageSize=1', as: manager },
      { total: 2, orderBy: '"products"."created_at" desc' },
    );
    // The capped total in the page's own statement: one statement for the list.
    expect(list.query).toMatch(/limit 1001/i);
  });

  it('the wallet movements: the newest of each side from its own index, not every movement sorted', async () => {
    const { list, plan } = await listOnIndex(
      { method: 'GET', url: '/api/User/Wallet/entries?page=0&pageSize=1', as: member },
      {
        total: 2,
        orderBy: '"ledger_entries"."created_at" desc, "ledger_entries"."id" desc limit 2',
        index: 'ledger_entries_from',
      },
    );
    expect(list.query).toMatch(/union all/i);
    expect(plan).toMatch(/Scan Backward using ledger_entries_from/);
    expect(plan).toMatch(/Scan Backward using ledger_entries_to/);
  });

  it("the BankManager's member wallets: by name from the partial index of the active, approved", async () => {
    const { list } = await listOnIndex(
      { method: 'GET', url: '/api/applicationManager/internalbank/wallets?page=0&pageSize=1', as: manager },
      { total: 2, orderBy: '"users"."last_name" asc', index: 'users_members_by_name' },
    );
    expect(list.query).not.toMatch(/\bis_active" = \$\d/i);
  });

  it("the CropManager's crops: by name from the farm's name index (decision 074)", async () => {
    await createCrop(ctx.db, { appId: ctx.appId, name: 'Sla' });
    await createCrop(ctx.db, { appId: ctx.appId, name: 'wortel' });
    const { list } = await listOnIndex(
      { method: 'GET', url: '/api/applicationManager/Crop?page=0&pageSize=1&isActive=true', as: manager },
      { total: 2, orderBy: 'lower("crops"."name") asc', index: 'crops_app_lower_name_id' },
    );
    expect(list.query).not.toMatch(/\bis_active" = \$\d/i);
  });

  it('a deeper page read by OFFSET keeps the OFFSET a parameter, the LIMIT in the text', async () => {
    const { body, statements } = await statementsOf({
      method: 'GET',
      url: '/api/post?pageSize=1&page=1',
      as: member,
    });
    expect(body.items).toHaveLength(1);
    const list = listStatement(statements, '"posts"."published_at" desc');
    expect(list.query).toMatch(/\blimit 2 offset \$\d+/i);
    expect(list.params).toContain(1);
  });
});

describe('the window of a page (lib/paging.ts)', () => {
  it('writes the LIMIT into the text, and an OFFSET only past the first page', () => {
    expect(windowKey({ offset: 0, pageSize: 20 })).toBe('21');
    expect(windowKey({ offset: 40, pageSize: 20 })).toBe('21+');
    expect(windowKey({ offset: 40, pageSize: 20, after: 'x' })).toBe('21');
    expect(windowParams({ offset: 0, pageSize: 20 })).toEqual({});
    expect(windowParams({ offset: 40, pageSize: 20 })).toEqual({ offset: 40 });
    expect(windowParams({ offset: 40, pageSize: 20, after: 'x' })).toEqual({});
    expect(windowOf('21').offset).toBe(0);
    expect(windowOf('21+').offset).not.toBe(0);
    expect(() => windowOf(undefined)).toThrow();
  });

  it('refuses anything but a row count as a literal', () => {
    expect(() => literalCount(1.5)).toThrow();
    expect(() => literalCount(-1)).toThrow();
    expect(() => literalCount(Number.NaN)).toThrow();
    expect(() => literalCount(21)).not.toThrow();
  });
});
