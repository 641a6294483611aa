/**
 * Grows a migrated, demo-seeded PostgreSQL database to the shape of a large installation (issue 17):
 * `farms` farms of `members` members each, with per farm the issue's proportions — 0.4 chores per member
 * with 2.4 places taken each, 0.2 events per member with 10 attendances each, 0.6 posts per member with
 * 5 comments each — and `notificationsPerMember` notifications per member (the issue's installation had
 * 50; the bench scales that down by default, and says so). The demo farms already there ("De Plukhoeve",
 * "Het Veld") are grown to the same shape, so the same logged-in calls compare demo size with large size.
 *
 * Set-based SQL only (`insert … select … from generate_series`), written against the migrations'
 * schema: every row carries its farm's app id (the composite foreign keys of ADR 049), unique
 * usernames/e-mails per farm, one household per user as the app creates it, each new farm on its own
 * host. Only the columns the bench needs are named, so columns added later with defaults do not break it.
 */
import type { Sql } from 'postgres';

export interface ScaleShape {
  farms: number;
  members: number;
  notificationsPerMember: number;
}

/** What one farm holds at the given members, by the issue's proportions. */
export function perFarm(shape: ScaleShape) {
  const chores = Math.round(shape.members * 0.4);
  const events = Math.round(shape.members * 0.2);
  const posts = Math.round(shape.members * 0.6);
  return {
    members: shape.members,
    chores,
    /** 2 or 3 places taken per chore, 2.4 on average (every 5 chores: 3, 3, 2, 2, 2). */
    placesTaken: Math.floor(chores / 5) * 12 + [0, 3, 6, 8, 10][chores % 5]!,
    events,
    attendancesPerEvent: 10,
    posts,
    commentsPerPost: 5,
    notificationsPerMember: shape.notificationsPerMember,
  };
}

/** The row counts the bench reports, read from the database. */
export const countedTables = [
  'apps',
  'app_hosts',
  'users',
  'households',
  'household_members',
  'tasks',
  'task_assignments',
  'events',
  'event_attendances',
  'posts',
  'comments',
  'notifications',
] as const;
export type Counts = Record<(typeof countedTables)[number], number>;

export async function countRows(sql: Sql): Promise<Counts> {
  const [row] = await sql.unsafe(
    `select ${countedTables.map((table) => `(select count(*) from ${table})::int as ${table}`).join(', ')}`,
  );
  return row as unknown as Counts;
}

export interface GrowStep {
  name: string;
  ms: number;
}

const firstNames = [
  'Jan', 'Piet', 'Els', 'An', 'Koen', 'Sofie', 'Lotte', 'Bram', 'Wim', 'Griet',
  'Tine', 'Dirk', 'Katrien', 'Stijn', 'Hanne', 'Joris', 'Mieke', 'Raf', 'Nele', 'Pieter',
]; // prettier-ignore
const lastNames = [
  'Peeters', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'De Smet', 'Dubois',
  'Hermans', 'Aerts', 'Vermeulen', 'Pauwels', 'Van Damme', 'Cools', 'Verhoeven', 'Bogaert', 'Segers',
  'Lambrechts', 'Smets',
]; // prettier-ignore
const choreTitles = ['Onkruid wieden', 'Tomaten opbinden', 'Aardappelen rooien', 'Serre poetsen', 'Compost omzetten', 'Prei planten', 'Bonen plukken', 'Hagen snoeien']; // prettier-ignore
const places = ['Serre', 'Veld 1', 'Veld 2', 'Boomgaard', 'Schuur']; // prettier-ignore
const eventTitles = ['Workshop', 'Rondleiding', 'Oogstdag', 'Zadenruil', 'Kookavond']; // prettier-ignore
const postTitles = ['Nieuws van het veld', 'Oogstupdate', 'Vrijwilligers gezocht', 'Weerbericht en plukadvies']; // prettier-ignore

const textArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
/** One value of a SQL text array by a number expression (1-based, wraps around). */
const pick = (values: readonly string[], index: string) =>
  `(${textArray(values)})[1 + (${index}) % ${values.length}]`;

const postBody =
  'Beste plukkers, deze week staan de eerste bonen en courgettes op het veld. Vergeet je mandje niet en ' +
  'pluk enkel wat je nodig hebt, zodat er voor iedereen genoeg is. De aardbeien in de serre zijn bijna ' +
  'op; de late rassen volgen over twee weken. Op zaterdag zoeken we nog helpende handen om de nieuwe ' +
  'bedden klaar te maken. Wie wil, blijft na afloop mee-eten: er is soep van eigen groenten. Tot op het veld!';

/** The grow's helper tables (regular tables, so every connection of the grow sees them). */
const helperTables = [
  'bench_scale_before',
  'bench_scale_farm',
  'bench_scale_member',
  'bench_scale_farm_size',
];

/**
 * Grows the database in place; returns each step's duration. `passwordHash` becomes every new member's
 * password hash (the bench passes the demo password's, so any member can sign in). After the farms and
 * members (two halves side by side), six independent lanes (households; chores; events; posts; two halves
 * of the notifications) run side by side, each on its own connection of `sql` (give it a pool of 6; with
 * fewer they take turns).
 */
export async function growToScale(sql: Sql, shape: ScaleShape, passwordHash: string): Promise<GrowStep[]> {
  const farm = perFarm(shape);
  const steps: GrowStep[] = [];
  /** Runs the statements one after another on a connection of its own. */
  const lane = async (statements: [name: string, statement: string][]) => {
    const db = await sql.reserve();
    try {
      // Only this session's commits skip the wait for the WAL flush; every row is still logged.
      await db.unsafe('set synchronous_commit = off');
      for (const [name, statement] of statements) {
        const started = performance.now();
        await db.unsafe(statement);
        steps.push({ name, ms: performance.now() - started });
      }
    } finally {
      db.release();
    }
  };
  await sql.unsafe(`drop table if exists ${helperTables.join(', ')}`);
  try {
    // The ids before the grow: every later step touches only the rows it made.
    await sql.unsafe(`create table bench_scale_before as select
      (select coalesce(max(id), 0) from users) as user_id,
      (select coalesce(max(id), 0) from households) as household_id,
      (select coalesce(max(id), 0) from tasks) as task_id,
      (select coalesce(max(id), 0) from events) as event_id,
      (select coalesce(max(id), 0) from posts) as post_id`);
    const existingFarms = Number((await sql.unsafe('select count(*)::int as n from apps'))[0]!.n);
    await lane([
      [
        'farms and hosts',
        `with farm as (
       insert into apps (app_id, name)
       select format('farm-%s', lpad(i::text, 4, '0')), format('Boerderij %s', i)
       from generate_series(${existingFarms + 1}, ${shape.farms}) i
       returning app_id)
     insert into app_hosts (host, app_id) select app_id || '.localhost', app_id from farm`,
      ],
    ]);
    // Each farm's number and what it already holds (the demo farms), so each grows to the same shape.
    await sql.unsafe(`create table bench_scale_farm as
     select a.app_id, row_number() over (order by a.app_id)::int as farm_no,
       (select count(*) from users u where u.app_id = a.app_id)::int as users,
       (select count(*) from tasks t where t.app_id = a.app_id)::int as tasks,
       (select count(*) from events e where e.app_id = a.app_id)::int as events,
       (select count(*) from posts p where p.app_id = a.app_id)::int as posts
     from apps a`);

    // Members: 1 in 50 waits on the waiting list (not approved, not active); 1 in 10 was seen just now.
    const usersOf = (part: number) =>
      `insert into users (app_id, username, email, password_hash, first_name, last_name, is_active,
       is_approved, created_at, last_seen_at)
     select f.app_id, 'plukker' || g, 'plukker' || g || '@' || f.app_id || '.test', '${passwordHash.replaceAll("'", "''")}',
       ${pick(firstNames, 'g * 7 + f.farm_no')}, ${pick(lastNames, 'g * 13 + f.farm_no * 3')},
       g % 50 <> 0, g % 50 <> 0, now() - make_interval(days => g % 700),
       case when g % 10 = 0 then now() - make_interval(secs => g % 120) else now() - make_interval(days => 1 + g % 60) end
     from bench_scale_farm f cross join lateral generate_series(1, ${farm.members} - f.users) g
     where f.farm_no % 2 = ${part}`;
    await Promise.all([0, 1].map((part) => lane([[`users (${part + 1}/2)`, usersOf(part)]])));
    // The approved members of each farm, numbered from 0: what chores, events, comments and
    // notifications are spread over.
    await sql.unsafe(`create table bench_scale_member as
     select app_id, (row_number() over (partition by app_id order by id) - 1)::int as ord, id
     from users where is_approved`);
    await sql.unsafe('create index on bench_scale_member (app_id, ord)');
    await sql.unsafe(`create table bench_scale_farm_size as
     select app_id, count(*)::int as n from bench_scale_member group by app_id`);
    await sql.unsafe('analyze bench_scale_member; analyze bench_scale_farm_size; analyze bench_scale_farm');

    const notificationsOf = (part: number) =>
      `insert into notifications (app_id, user_id, title, body, link, is_read, created_at)
     select u.app_id, u.id, 'Je plaats is bevestigd', 'Tot op het veld!', '/taken', i > 0,
       now() - make_interval(days => i * 3 + u.id % 3)
     from users u, bench_scale_before b, generate_series(0, ${farm.notificationsPerMember - 1}) i
     where u.id > b.user_id and u.is_approved and u.id % 2 = ${part}`;
    await Promise.all([
      lane([
        [
          'households',
          `with household as (
       insert into households (app_id, holder_user_id, created_at)
       select u.app_id, u.id, u.created_at from users u, bench_scale_before b where u.id > b.user_id
       returning id, app_id, holder_user_id)
     insert into household_members (app_id, household_id, name, is_adult, is_holder, position)
     select h.app_id, h.id, u.first_name || ' ' || u.last_name, true, true, 0
     from household h join users u on u.id = h.holder_user_id`,
        ],
        // One in three households has a second adult.
        [
          'household partners',
          `insert into household_members (app_id, household_id, name, year_of_birth, is_adult, position)
     select h.app_id, h.id, 'Partner ' || h.id, 1960 + h.id % 40, true, 1
     from households h, bench_scale_before b where h.id > b.household_id and h.id % 3 = 0`,
        ],
        [
          'manager roles',
          `insert into user_roles (app_id, user_id, role)
     select u.app_id, u.id, 'ApplicationManager' from users u join bench_scale_farm f using (app_id)
     where u.username = 'plukker1' and f.users = 0`,
        ],
      ]),
      // Chores over the past 300 and the next 100 days (a quarter still to come), 3 to 5 places each;
      // 2 or 3 places taken per chore (3, 3, 2, 2, 2 for every five: 2.4), by neighbouring members.
      lane([
        [
          'chores',
          `insert into tasks (app_id, title, description, location, starts_at, ends_at, places, credits_per_person, created_at)
     select f.app_id, ${pick(choreTitles, 'g')}, 'Samen aan de slag op het veld; handschoenen liggen klaar.',
       ${pick(places, 'g')}, d + interval '9 hours', d + interval '12 hours', 3 + g % 3, 1 + g % 4, d - interval '14 days'
     from bench_scale_farm f cross join lateral generate_series(1, ${farm.chores} - f.tasks) g
     cross join lateral (select date_trunc('day', now()) + make_interval(days => -300 + (g * 400) / ${farm.chores})) s(d)`,
        ],
        [
          'places taken',
          `insert into task_assignments (app_id, task_id, user_id, status, handled_at, created_at)
     select t.app_id, t.id, m.id,
       case when t.starts_at < now() or j = 0 then 'confirmed' else 'waiting' end,
       case when t.starts_at < now() or j = 0 then t.starts_at - interval '1 day' end,
       t.starts_at - interval '7 days'
     from (select t.app_id, t.id, t.starts_at, row_number() over (partition by t.app_id order by t.id)::int as k
           from tasks t, bench_scale_before b where t.id > b.task_id) t
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(0, case when t.k % 5 in (1, 2) then 2 else 1 end) j
     join bench_scale_member m on m.app_id = t.app_id and m.ord = (t.k * 37 + j) % s.n`,
        ],
      ]),
      lane([
        [
          'events',
          `insert into events (app_id, title, description, location, starts_at, ends_at, capacity, created_at)
     select f.app_id, ${pick(eventTitles, 'g')} || ' ' || g, 'Iedereen welkom; neem gerust familie mee.',
       ${pick(places, 'g + 2')}, d + interval '14 hours', d + interval '17 hours',
       case when g % 4 = 0 then null else 40 end, d - interval '30 days'
     from bench_scale_farm f cross join lateral generate_series(1, ${farm.events} - f.events) g
     cross join lateral (select date_trunc('day', now()) + make_interval(days => -300 + (g * 400) / ${farm.events})) s(d)`,
        ],
        [
          'attendances',
          `insert into event_attendances (app_id, event_id, user_id, guests, status, handled_at, created_at)
     select e.app_id, e.id, m.id, j % 3, case when j < 8 then 'confirmed' else 'waiting' end,
       case when j < 8 then e.starts_at - interval '2 days' end, e.starts_at - interval '10 days'
     from (select e.app_id, e.id, e.starts_at, row_number() over (partition by e.app_id order by e.id)::int as k
           from events e, bench_scale_before b where e.id > b.event_id) e
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(0, ${farm.attendancesPerEvent - 1}) j
     join bench_scale_member m on m.app_id = e.app_id and m.ord = (e.k * 53 + j) % s.n`,
        ],
      ]),
      lane([
        [
          'posts',
          `insert into posts (app_id, title, body, published_at, created_at)
     select f.app_id, ${pick(postTitles, 'g')} || ' ' || g, '${postBody}',
       now() - make_interval(hours => g * 24), now() - make_interval(hours => g * 24)
     from bench_scale_farm f cross join lateral generate_series(1, ${farm.posts} - f.posts) g`,
        ],
        [
          'comments',
          `insert into comments (app_id, subject_type, subject_id, user_id, body, created_at)
     select p.app_id, 'post', p.id, m.id, 'Dank je! Ik kom zaterdag zeker helpen. (' || j || ')',
       p.published_at + make_interval(hours => j + 1)
     from (select p.app_id, p.id, p.published_at, row_number() over (partition by p.app_id order by p.id)::int as k
           from posts p, bench_scale_before b where p.id > b.post_id) p
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(0, ${farm.commentsPerPost - 1}) j
     join bench_scale_member m on m.app_id = p.app_id and m.ord = (p.k * 11 + j * 7) % s.n`,
        ],
      ]),
      // The newest of a member's notifications is unread.
      ...[0, 1].map((part) => lane([[`notifications (${part + 1}/2)`, notificationsOf(part)]])),
    ]);
  } finally {
    await sql.unsafe(`drop table if exists ${helperTables.join(', ')}`);
  }
  return steps;
}
