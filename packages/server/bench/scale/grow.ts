/**
 * Grows a migrated, demo-seeded PostgreSQL database to the shape of a large installation (decision 056):
 * `farms` farms of `members` members each, with per farm the issue's proportions — 0.4 chores per member
 * with 2.4 places taken each, 0.2 events per member with 10 attendances each, 0.6 posts per member with
 * 5 comments each — and `notificationsPerMember` notifications per member (the reported installation had
 * 50; the bench scales that down by default, and says so); since decision 070 also the market (0.3
 * offers per member, 2 reservations each, photos on half), the requests (0.2 per member) and the wallet
 * (a wallet per member, `ledgerPerMember` movements each, balances equal to the ledger). The demo farms already there ("De Plukhoeve",
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
  /**
   * Ledger movements per approved member: donations from the internal bank make up all but one, the
   * market's payments and the requests' rewards the rest. Default 10: the brief's 20 (9.5M rows at
   * 1,000 × 500) grew in 216 s on the 2 shared cores, over the 3 minutes; BENCH_SCALE_LEDGER=20 for them.
   */
  ledgerPerMember?: number;
}

/** What one farm holds at the given members, by the issue's proportions. */
export function perFarm(shape: ScaleShape) {
  const chores = Math.round(shape.members * 0.4);
  const events = Math.round(shape.members * 0.2);
  const posts = Math.round(shape.members * 0.6);
  const offers = Math.round(shape.members * 0.3);
  const requests = Math.round(shape.members * 0.2);
  const ledgerPerMember = shape.ledgerPerMember ?? 10;
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
    /** Offers (market): of the newest 4 in 15 (40 at 150) half are open, half sold out; older ones are closed, past or sold out. */
    offers,
    recentOffers: Math.round((offers * 4) / 15),
    /** 1, 2 or 3 reservations per offer, 2 on average (every 3 offers: 2, 3, 1). */
    reservations: Math.floor(offers / 3) * 6 + [0, 2, 5][offers % 3]!,
    /** Photos: none on half the offers, one on a quarter, two on a quarter (0.75 on average). */
    photos: Math.floor(offers / 4) * 3 + [0, 0, 1, 3][offers % 4]!,
    /** Requests: of the newest fifth 3 in 4 are open or taken (in reach), older ones mostly completed. */
    requests,
    recentRequests: Math.round(requests / 5),
    /** Donations from the internal bank per approved member: the welcome and monthly ones. */
    donationsPerMember: Math.max(1, ledgerPerMember - 1),
  };
}

/** The grown donations: the welcome (2,500 cents) and then 500 cents a month. */
export const welcomeCents = 2500;
export const monthlyCents = 500;
export const donatedPerMember = (donations: number) => welcomeCents + (donations - 1) * monthlyCents;

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
  'products',
  'product_reservations',
  'product_photos',
  'media',
  'requests',
  'wallets',
  'ledger_entries',
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
 * members (two halves side by side), nine lanes run side by side, each on its own connection of `sql`
 * (give it a pool of 9; with fewer they take turns): households; chores; events; posts; two halves of the
 * notifications; two halves of the wallets, then of the donations; the market and requests, then (once
 * the wallets are there) the market's payments and the rewards. Last, the banks' balances.
 */
export async function growToScale(sql: Sql, shape: ScaleShape, passwordHash: string): Promise<GrowStep[]> {
  const farm = perFarm(shape);
  const steps: GrowStep[] = [];
  /**
   * Runs the statements one after another on a connection of its own. `withoutForeignKeyChecks`: the
   * session runs as a replica (`session_replication_role`, a superuser's setting; where refused, the
   * checks stay on), so PostgreSQL skips the per-row foreign-key triggers. Only for the wallets and the
   * donations, whose user and wallet ids come from joins on those rows themselves: the checks were half
   * their insert's time (the wallets took 15 s with, 42 s without them at 1,000 × 500).
   */
  const lane = async (
    statements: [name: string, statement: string][],
    { withoutForeignKeyChecks = false } = {},
  ) => {
    const db = await sql.reserve();
    let replica = false;
    try {
      // Only this session's commits skip the wait for the WAL flush; every row is still logged.
      await db.unsafe('set synchronous_commit = off');
      if (withoutForeignKeyChecks) {
        replica = await db
          .unsafe('set session_replication_role = replica')
          .then(() => true)
          .catch(() => false);
      }
      for (const [name, statement] of statements) {
        const started = performance.now();
        await db.unsafe(statement);
        steps.push({ name, ms: performance.now() - started });
      }
    } finally {
      if (replica) await db.unsafe('reset session_replication_role');
      await db.unsafe('reset synchronous_commit');
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
      (select coalesce(max(id), 0) from posts) as post_id,
      (select coalesce(max(id), 0) from products) as product_id,
      (select coalesce(max(id), 0) from product_reservations) as reservation_id,
      (select coalesce(max(id), 0) from requests) as request_id`);
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
       (select count(*) from posts p where p.app_id = a.app_id)::int as posts,
       (select count(*) from products p where p.app_id = a.app_id)::int as products,
       (select count(*) from requests r where r.app_id = a.app_id)::int as requests
     from apps a`);

    // Members: 1 in 50 waits on the waiting list (not approved, not active); 1 in 10 was seen just now.
    const usersOf = (part: number) =>
      `insert into users (app_id, username, email, password_hash, first_name, last_name, is_active,
       is_approved, is_transactionable, created_at, last_seen_at)
     select f.app_id, 'plukker' || g, 'plukker' || g || '@' || f.app_id || '.test', '${passwordHash.replaceAll("'", "''")}',
       ${pick(firstNames, 'g * 7 + f.farm_no')}, ${pick(lastNames, 'g * 13 + f.farm_no * 3')},
       g % 50 <> 0, g % 50 <> 0, g % 50 <> 0, now() - make_interval(days => g % 700),
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
    // The market, requests and wallet (decision 070). Offers: `r` counts back from the newest (0).
    // The newest (4 in 15) alternate open / sold out; older ones are closed, past their date or sold out.
    const recent = farm.recentOffers;
    const offerTitles = ['Courgettes', 'Verse eieren', 'Confituur', 'Pompoenen', 'Zaden', 'Kruiden', 'Honing', 'Appels']; // prettier-ignore
    const units = ['stuks', 'potten', 'zakjes', 'bossen']; // prettier-ignore
    const market: [string, string][] = [
      [
        'offers',
        `insert into products (app_id, owner_user_id, title, description, price_cents, quantity, unit, pickup_info,
       available_until, is_closed, created_at, updated_at)
     select f.app_id, m.id, ${pick(offerTitles, 'g')} || ' ' || g, 'Van eigen grond; neem gerust mee.',
       case when g % 3 = 0 then 0 else 50 * (1 + g % 30) end,
       case when (r < ${recent} and r % 2 = 1) or (r >= ${recent} and r % 3 = 2) then 1 + g % 3 else 10 + g % 5 end,
       ${pick(units, 'g')}, 'Aan de schuur.',
       case when r < ${recent} and r % 4 = 2 then now() + make_interval(days => r + 3)
            when r >= ${recent} and r % 3 = 1 then d + (now() - d) / 2 end,
       r >= ${recent} and r % 3 = 0, d, d
     from bench_scale_farm f
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(1, ${farm.offers} - f.products) g
     cross join lateral (select ${farm.offers} - g, now() - make_interval(hours => (${farm.offers} - g) * 46 + 2)) o(r, d)
     join bench_scale_member m on m.app_id = f.app_id and m.ord = (g * 17) % s.n
     order by f.app_id, g`,
      ],
      // (Inserted in g's order, so an offer's number k among the new ones below is its g.)
      // 1 + k % 3 reservations of one each, by members other than the owner: an open offer's are paid,
      // waiting, refused or cancelled; a sold-out offer's paid or waiting (so it stays sold out), only paid
      // once it is old; a closed or past offer's paid, refused or cancelled.
      [
        'reservations',
        `insert into product_reservations (app_id, product_id, user_id, quantity, unit_price_cents, total_cents,
       status, handled_at, created_at)
     select p.app_id, p.id, m.id, 1, p.price_cents, p.price_cents, st.status,
       case when st.status <> 'reserved' then p.created_at + make_interval(days => 1, hours => j) end,
       p.created_at + make_interval(hours => j + 1)
     from (select p.*, row_number() over (partition by p.app_id order by p.id)::int as k
           from products p, bench_scale_before b where p.id > b.product_id) p
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(0, p.k % 3) j
     cross join lateral (select case
       when p.is_closed or p.available_until <= now() then (array['paid', 'refused', 'cancelled'])[1 + (p.k + j) % 3]
       when p.quantity < 10 then case when ${farm.offers} - p.k >= ${recent} or j % 2 = 0 then 'paid' else 'reserved' end
       else (array['paid', 'reserved', 'refused', 'cancelled'])[1 + (p.k + j) % 4] end) st(status)
     join bench_scale_member m on m.app_id = p.app_id
       and m.ord = ((p.k * 17) % s.n + 1 + (p.k * 7 + j * 13) % greatest(s.n - 1, 1)) % s.n`,
      ],
      // What is taken of each offer, stored on it as the market service keeps it (ADR 070): the sum of
      // its reserved and paid reservations (added, so an offer that had some keeps them).
      [
        'offers taken',
        `update products p set taken_quantity = p.taken_quantity + t.taken
     from (select r.app_id, r.product_id, sum(r.quantity)::int as taken
           from product_reservations r, bench_scale_before b
           where r.id > b.reservation_id and r.status in ('reserved', 'paid')
           group by r.app_id, r.product_id) t
     where p.app_id = t.app_id and p.id = t.product_id`,
      ],
      // Two photo rows per farm (the files are not on disk: the lists read only the ids), on half the offers.
      [
        'photos',
        `with photo as (
       insert into media (app_id, storage_key, file_name, mime, size, kind, title)
       select f.app_id, 'bench-scale/' || f.app_id || '/' || i || '.png', 'foto-' || i || '.png', 'image/png', 4096,
         'image', 'Foto ' || i
       from bench_scale_farm f cross join generate_series(1, 2) i
       returning id, app_id, file_name)
     insert into product_photos (app_id, product_id, media_id, position)
     select p.app_id, p.id, ph.id, i - 1
     from (select p.app_id, p.id, row_number() over (partition by p.app_id order by p.id)::int as k
           from products p, bench_scale_before b where p.id > b.product_id) p
     cross join generate_series(1, 2) i
     join photo ph on ph.app_id = p.app_id and ph.file_name = 'foto-' || i || '.png'
     where (p.k % 4 = 2 and i = 1) or p.k % 4 = 3`,
      ],
      // Requests: the newest 20 open (half of them until a date to come), taken or past their date; older
      // ones mostly completed (taken, confirmed), some closed, some open but past their date. (A fifth is
      // "the newest": 20 of 100.)
      [
        'requests',
        `insert into requests (app_id, requester_user_id, title, description, reward_cents, status, needed_by,
       taken_by_user_id, taken_at, completed_at, created_at, updated_at)
     select f.app_id, m.id, 'Hulp gezocht ' || g, 'Wie helpt me een handje?',
       case when g % 3 = 0 then 0 else 100 * (1 + g % 10) end, st.status,
       case when st.status = 'open' and (r < ${farm.recentRequests} and r % 4 = 3 or r >= ${farm.recentRequests}) then d + interval '2 days'
            when r < ${farm.recentRequests} and r % 4 = 1 then now() + make_interval(days => r + 5) end,
       case when st.status in ('taken', 'completed') then t.id end,
       case when st.status in ('taken', 'completed') then d + interval '1 day' end,
       case when st.status = 'completed' then d + interval '3 days' end,
       d, d
     from bench_scale_farm f
     join bench_scale_farm_size s using (app_id)
     cross join lateral generate_series(1, ${farm.requests} - f.requests) g
     cross join lateral (select ${farm.requests} - g, now() - make_interval(hours => (${farm.requests} - g) * 72 + 5)) o(r, d)
     cross join lateral (select case
       when r < ${farm.recentRequests} then case when r % 4 = 2 then 'taken' else 'open' end
       else (array['completed', 'completed', 'completed', 'closed', 'open'])[1 + r % 5] end) st(status)
     join bench_scale_member m on m.app_id = f.app_id and m.ord = (g * 13 + 5) % s.n
     join bench_scale_member t on t.app_id = f.app_id
       and t.ord = ((g * 13 + 5) % s.n + 1 + (g * 11) % greatest(s.n - 1, 1)) % s.n`,
      ],
    ];
    // A wallet per approved member holding what the bank gave them (the demo members' wallets get it
    // added), and the donations themselves: the welcome, then one a month, oldest first.
    const donated = donatedPerMember(farm.donationsPerMember);
    const walletsOf = (part: number): [string, string][] => [
      [
        `wallets (${part + 1}/2)`,
        `insert into wallets (app_id, kind, user_id, balance_cents)
     select m.app_id, 'member', m.id, ${donated} from bench_scale_member m where m.id % 2 = ${part}
     on conflict (app_id, user_id) do update set balance_cents = wallets.balance_cents + excluded.balance_cents`,
      ],
      [
        `donations (${part + 1}/2)`,
        `insert into ledger_entries (app_id, from_wallet_id, to_wallet_id, amount_cents, kind, description,
       idempotency_key, created_at)
     select m.app_id, bank.id, w.id, case when i = 0 then ${welcomeCents} else ${monthlyCents} end, 'donation',
       case when i = 0 then 'Welkomstgeschenk van de boerderij' else 'Maandelijkse bijdrage ' || i end,
       'donation:bench-' || i || ':' || m.id,
       now() - make_interval(days => (${farm.donationsPerMember - 1} - i) * 30 + 2, hours => m.id % 24)
     from bench_scale_member m
     join wallets bank on bank.app_id = m.app_id and bank.kind = 'bank'
     join wallets w on w.app_id = m.app_id and w.user_id = m.id
     cross join generate_series(0, ${farm.donationsPerMember - 1}) i
     where m.id % 2 = ${part}`,
      ],
    ];
    // The market's payments and the requests' rewards through the ledger, with both wallets' balances
    // moved in the same statement, on the market's lane once every wallet is there.
    const moveBalances = `, moved as (select wallet, sum(delta)::int as delta from (
         select to_wallet_id as wallet, amount_cents as delta from entry
         union all select from_wallet_id, -amount_cents from entry) d group by wallet)
     update wallets w set balance_cents = w.balance_cents + moved.delta from moved where w.id = moved.wallet`;
    const payments: [string, string][] = [
      [
        'market payments',
        `with entry as (
       insert into ledger_entries (app_id, from_wallet_id, to_wallet_id, amount_cents, kind, description,
         reservation_id, idempotency_key, created_by_user_id, created_at)
       select r.app_id, buyer.id, seller.id, r.total_cents, 'purchase',
         p.title || ' (' || r.quantity || case when p.unit <> '' then ' ' || p.unit else '' end || ')',
         r.id, 'purchase:' || r.id, p.owner_user_id, r.handled_at
       from product_reservations r
       join bench_scale_before b on r.id > b.reservation_id
       join products p on p.app_id = r.app_id and p.id = r.product_id
       join wallets buyer on buyer.app_id = r.app_id and buyer.user_id = r.user_id
       join wallets seller on seller.app_id = p.app_id and seller.user_id = p.owner_user_id
       where r.status = 'paid' and r.total_cents > 0
       returning from_wallet_id, to_wallet_id, amount_cents)${moveBalances}`,
      ],
      [
        'request rewards',
        `with entry as (
       insert into ledger_entries (app_id, from_wallet_id, to_wallet_id, amount_cents, kind, description,
         request_id, idempotency_key, created_by_user_id, created_at)
       select q.app_id, asker.id, helper.id, q.reward_cents, 'reward', 'Beloning voor "' || q.title || '"',
         q.id, 'reward:' || q.id || ':' || floor(extract(epoch from q.taken_at) * 1000)::bigint,
         q.requester_user_id, q.completed_at
       from requests q
       join bench_scale_before b on q.id > b.request_id
       join wallets asker on asker.app_id = q.app_id and asker.user_id = q.requester_user_id
       join wallets helper on helper.app_id = q.app_id and helper.user_id = q.taken_by_user_id
       where q.status = 'completed' and q.reward_cents > 0
       returning from_wallet_id, to_wallet_id, amount_cents)${moveBalances}`,
      ],
    ];
    // Every farm's internal bank (the demo farms have theirs), before the donation lanes start.
    await sql.unsafe(`insert into wallets (app_id, kind)
     select f.app_id, 'bank' from bench_scale_farm f
     where not exists (select 1 from wallets w where w.app_id = f.app_id and w.kind = 'bank')`);
    const walletsMade = [0, 1].map((part) => lane([walletsOf(part)[0]!], { withoutForeignKeyChecks: true }));
    await Promise.all([
      ...walletsMade.map((made, part) =>
        made.then(() => lane([walletsOf(part)[1]!], { withoutForeignKeyChecks: true })),
      ),
      lane(market).then(async () => {
        await Promise.all(walletsMade);
        await lane(payments);
      }),
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
    // Then the banks, minus what they gave, with the donations they made (ADR 070): balances equal the ledger.
    await lane([
      [
        'bank balances',
        `update wallets bank set balance_cents = bank.balance_cents - s.n * ${donated},
       donation_count = bank.donation_count + s.n * ${farm.donationsPerMember}
     from bench_scale_farm_size s where bank.app_id = s.app_id and bank.kind = 'bank'`,
      ],
    ]);
  } finally {
    await sql.unsafe(`drop table if exists ${helperTables.join(', ')}`);
  }
  return steps;
}
