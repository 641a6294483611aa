import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, growToScale, perFarm } from '../bench/scale/grow.js';
import { seedDemo } from '../src/seed/demo.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-db.js';

describe('bench:scale shape', () => {
  it('keeps the issue-17 proportions per farm at 500 members', () => {
    expect(perFarm({ farms: 1000, members: 500, notificationsPerMember: 5 })).toEqual({
      members: 500,
      chores: 200,
      placesTaken: 480,
      events: 100,
      attendancesPerEvent: 10,
      posts: 300,
      commentsPerPost: 5,
      notificationsPerMember: 5,
      offers: 150,
      recentOffers: 40,
      reservations: 300,
      photos: 112,
      requests: 100,
      recentRequests: 20,
      donationsPerMember: 9,
    });
  });
});

// The generator's SQL is PostgreSQL's (the bench needs DATABASE_URL); a small run proves it still
// fits the schema: 3 farms × 50 members, the demo farms grown to the same shape.
describe.skipIf(!process.env.DATABASE_URL)('bench:scale generator (PostgreSQL)', () => {
  const shape = { farms: 3, members: 50, notificationsPerMember: 2 };
  const farm = perFarm(shape);
  let fresh: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    fresh = await openTestDatabase();
    await seedDemo(fresh.handle.db);
    sql = postgres(fresh.url!, { max: 6, onnotice: () => {} });
    const [lid] = await sql`select password_hash from users where username = 'lid' and app_id = 'plukhoeve'`;
    await growToScale(sql, shape, lid!.password_hash as string);
  });
  afterAll(async () => {
    await sql.end({ timeout: 5 });
    await fresh.drop();
  });

  /** Rows per farm of each table, as { app_id: count }. */
  const perApp = async (table: string, where = 'true') =>
    Object.fromEntries(
      (
        await sql.unsafe(`select app_id, count(*)::int as n from ${table} where ${where} group by app_id`)
      ).map((row) => [row.app_id as string, row.n as number]),
    );

  /**
   * Both demo farms grown to the farm's size; De Plukhoeve's demo also holds last harvest year's history
   * (the analyst's charts), which the generator keeps, so it may hold more.
   */
  const expectGrownTo = async (table: string, size: number) => {
    const counts = await perApp(table);
    expect(counts.hetveld, table).toBe(size);
    expect(counts.plukhoeve, table).toBeGreaterThanOrEqual(size);
  };

  it('grows to the number of farms, each on its own host, each with its members', async () => {
    const counts = await countRows(sql);
    expect(counts.apps).toBe(3);
    expect(await perApp('users')).toEqual({ plukhoeve: 50, hetveld: 50, 'farm-0003': 50 });
    const [host] = await sql`select host from app_hosts where app_id = 'farm-0003'`;
    expect(host?.host).toBe('farm-0003.localhost');
    // Every user holds one household with themselves in it, as the app creates accounts.
    expect(counts.households).toBe(counts.users);
    const [holders] = await sql`select count(*)::int as n from household_members where is_holder`;
    expect(holders?.n).toBe(counts.users);
    // 1 in 50 new members waits on the waiting list.
    const [waiting] =
      await sql`select count(*)::int as n from users where app_id = 'farm-0003' and not is_approved`;
    expect(waiting?.n).toBe(1);
  });

  it('gives a grown farm the proportions of the issue', async () => {
    const grown = "app_id = 'farm-0003'";
    expect((await perApp('tasks', grown))['farm-0003']).toBe(farm.chores);
    expect((await perApp('task_assignments', grown))['farm-0003']).toBe(farm.placesTaken);
    expect(farm.placesTaken / farm.chores).toBe(2.4);
    expect((await perApp('events', grown))['farm-0003']).toBe(farm.events);
    expect((await perApp('event_attendances', grown))['farm-0003']).toBe(
      farm.events * farm.attendancesPerEvent,
    );
    expect((await perApp('posts', grown))['farm-0003']).toBe(farm.posts);
    expect((await perApp('comments', grown))['farm-0003']).toBe(farm.posts * farm.commentsPerPost);
    // Notifications for the approved members.
    expect((await perApp('notifications', grown))['farm-0003']).toBe(
      (farm.members - 1) * farm.notificationsPerMember,
    );
    // A quarter of the chores falls on the days after today, so the member home has open chores. (Today's
    // chore starts at 09:00: counting from now() made this test fail every night before nine.)
    const [future] = await sql`select count(*)::int as n from tasks
      where app_id = 'farm-0003' and starts_at >= date_trunc('day', now()) + interval '1 day'`;
    expect(future?.n).toBe(farm.chores / 4);
  });

  it('grows the demo farms to the same shape, keeping their own rows', async () => {
    await expectGrownTo('tasks', farm.chores);
    await expectGrownTo('events', farm.events);
    await expectGrownTo('posts', farm.posts);
    const [lid] =
      await sql`select count(*)::int as n from users where app_id = 'plukhoeve' and username = 'lid'`;
    expect(lid?.n).toBe(1);
  });

  it('grows the market: offers in proportion, about 2 in 15 open, none oversold, photos on half', async () => {
    const grown = "app_id = 'farm-0003'";
    expect((await perApp('products', grown))['farm-0003']).toBe(farm.offers);
    expect((await perApp('product_reservations', grown))['farm-0003']).toBe(farm.reservations);
    expect(farm.reservations / farm.offers).toBe(2);
    expect((await perApp('product_photos', grown))['farm-0003']).toBe(farm.photos);
    await expectGrownTo('products', farm.offers);
    // Open: not closed, not past its date, not sold out (what the member home shows).
    const [open] = await sql`select count(*)::int as n from products p
      where p.app_id = 'farm-0003' and not p.is_closed and (p.available_until is null or p.available_until > now())
        and (select coalesce(sum(r.quantity), 0) from product_reservations r
             where r.app_id = p.app_id and r.product_id = p.id and r.status in ('reserved', 'paid')) < p.quantity`;
    expect(open?.n).toBe(Math.ceil(farm.recentOffers / 2));
    const [oversold] = await sql`select count(*)::int as n from products p
      where (select coalesce(sum(r.quantity), 0) from product_reservations r
             where r.app_id = p.app_id and r.product_id = p.id and r.status in ('reserved', 'paid')) > p.quantity`;
    expect(oversold?.n).toBe(0);
    // The stored taken quantity (ADR 070) is the sum of every offer's reserved and paid reservations.
    const [takenDrift] = await sql`select count(*)::int as n from products p
      where p.taken_quantity <> (select coalesce(sum(r.quantity), 0) from product_reservations r
        where r.app_id = p.app_id and r.product_id = p.id and r.status in ('reserved', 'paid'))`;
    expect(takenDrift?.n).toBe(0);
    const [own] = await sql`select count(*)::int as n from product_reservations r
      join products p on p.app_id = r.app_id and p.id = r.product_id where r.user_id = p.owner_user_id`;
    expect(own?.n).toBe(0);
    const statuses = await sql`select distinct status from product_reservations where app_id = 'farm-0003'`;
    expect(statuses.map((row) => row.status as string).sort()).toEqual([
      'cancelled',
      'paid',
      'refused',
      'reserved',
    ]);
  });

  it('grows the requests: in proportion, the newest in reach, a taker other than the requester', async () => {
    expect((await perApp('requests', "app_id = 'farm-0003'"))['farm-0003']).toBe(farm.requests);
    await expectGrownTo('requests', farm.requests);
    // In reach: open or taken and not past their date: 3 in 4 of the newest fifth.
    const inReach = Array.from({ length: farm.recentRequests }, (_, r) => r).filter(
      (r) => r % 4 !== 3,
    ).length;
    const [reach] = await sql`select count(*)::int as n from requests where app_id = 'farm-0003'
      and status in ('open', 'taken') and (needed_by is null or needed_by > now())`;
    expect(reach?.n).toBe(inReach);
    const [completed] =
      await sql`select count(*)::int as n from requests where app_id = 'farm-0003' and status = 'completed'`;
    expect(completed!.n as number).toBeGreaterThanOrEqual((farm.requests - farm.recentRequests) / 2);
    const [takers] = await sql`select count(*)::int as n from requests
      where status in ('taken', 'completed') and (taken_by_user_id is null or taken_by_user_id = requester_user_id)`;
    expect(takers?.n).toBe(0);
  });

  it('gives every approved member a wallet and about 20 movements, and the ledger holds', async () => {
    const approved = farm.members - 1;
    expect((await perApp('wallets', "app_id = 'farm-0003' and kind = 'member'"))['farm-0003']).toBe(approved);
    expect(await perApp('wallets', "kind = 'bank'")).toEqual({ plukhoeve: 1, hetveld: 1, 'farm-0003': 1 });
    expect((await perApp('ledger_entries', "app_id = 'farm-0003' and kind = 'donation'"))['farm-0003']).toBe(
      approved * farm.donationsPerMember,
    );
    // Every paid, priced reservation is one purchase, every completed request with a reward one reward.
    const [links] = await sql`select
      (select count(*) from product_reservations where status = 'paid' and total_cents > 0)::int as paid,
      (select count(*) from ledger_entries where kind = 'purchase' and reservation_id is not null)::int as purchases,
      (select count(*) from requests where status = 'completed' and reward_cents > 0)::int as rewarded,
      (select count(*) from ledger_entries where kind = 'reward' and request_id is not null)::int as rewards`;
    expect(links!.purchases).toBe(links!.paid);
    expect(links!.rewards).toBe(links!.rewarded);
    expect(links!.purchases as number).toBeGreaterThan(0);
    expect(links!.rewards as number).toBeGreaterThan(0);
    // Movements per member (either side): about 20.
    const [sides] = await sql`select avg(n)::float as avg from (
      select w.id, (select count(*) from ledger_entries e where e.app_id = w.app_id
        and (e.from_wallet_id = w.id or e.to_wallet_id = w.id)) as n
      from wallets w where w.app_id = 'farm-0003' and w.kind = 'member') m`;
    expect(sides!.avg as number).toBeGreaterThanOrEqual(farm.donationsPerMember);
    expect(sides!.avg as number).toBeLessThan(farm.donationsPerMember + 2);
    // The ledger invariant (ADR 058): every balance is the sum of its ledger rows, each farm's wallets sum
    // to 0, no member below 0, and what members promised is covered.
    const [drift] = await sql`select count(*)::int as n from wallets w where w.balance_cents <>
      coalesce((select sum(amount_cents) from ledger_entries e where e.app_id = w.app_id and e.to_wallet_id = w.id), 0)
      - coalesce((select sum(amount_cents) from ledger_entries e where e.app_id = w.app_id and e.from_wallet_id = w.id), 0)`;
    expect(drift?.n).toBe(0);
    // Every wallet's stored donation count (ADR 070) is the number of donations that left it.
    const [countDrift] = await sql`select count(*)::int as n from wallets w where w.donation_count <>
      (select count(*) from ledger_entries e where e.app_id = w.app_id and e.from_wallet_id = w.id and e.kind = 'donation')`;
    expect(countDrift?.n).toBe(0);
    const farms = await sql`select app_id, sum(balance_cents)::int as total from wallets group by app_id`;
    expect(farms.every((row) => row.total === 0)).toBe(true);
    const [uncovered] =
      await sql`select count(*)::int as n from wallets w where w.kind = 'member' and w.balance_cents
      - coalesce((select sum(total_cents) from product_reservations r
                  where r.app_id = w.app_id and r.user_id = w.user_id and r.status = 'reserved'), 0)
      - coalesce((select sum(reward_cents) from requests q
                  where q.app_id = w.app_id and q.requester_user_id = w.user_id and q.status in ('open', 'taken')), 0) < 0`;
    expect(uncovered?.n).toBe(0);
    const [keys] = await sql`select count(*)::int as n from ledger_entries where idempotency_key not like
      case kind when 'donation' then 'donation:%' when 'purchase' then 'purchase:%' else 'reward:%' end`;
    expect(keys?.n).toBe(0);
  });

  it('links comments only to posts of their own farm', async () => {
    const [strays] = await sql`
      select count(*)::int as n from comments c
      where c.subject_type = 'post'
        and not exists (select 1 from posts p where p.app_id = c.app_id and p.id = c.subject_id)`;
    expect(strays?.n).toBe(0);
  });
});
