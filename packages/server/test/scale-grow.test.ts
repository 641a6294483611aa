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
    expect(await perApp('tasks')).toMatchObject({ plukhoeve: farm.chores, hetveld: farm.chores });
    expect(await perApp('events')).toMatchObject({ plukhoeve: farm.events, hetveld: farm.events });
    expect(await perApp('posts')).toMatchObject({ plukhoeve: farm.posts, hetveld: farm.posts });
    const [lid] =
      await sql`select count(*)::int as n from users where app_id = 'plukhoeve' and username = 'lid'`;
    expect(lid?.n).toBe(1);
  });

  it('links comments only to posts of their own farm', async () => {
    const [strays] = await sql`
      select count(*)::int as n from comments c
      where c.subject_type = 'post'
        and not exists (select 1 from posts p where p.app_id = c.app_id and p.id = c.subject_id)`;
    expect(strays?.n).toBe(0);
  });
});
