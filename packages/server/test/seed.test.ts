import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Account,
  MyMembership,
  PagedUsers,
  PlukOfTheWeek,
  TokenData,
  WalletWithEntries,
} from '@pluk/contract';
import { eq } from 'drizzle-orm';
import { bankTransactions, users } from '../src/db/schema/index.js';
import { settingValue } from '../src/lib/app-settings.js';
import { bankSettingKeys } from '../src/modules/bank/setting-keys.js';
import { resolveJwtSecret } from '../src/modules/auth/access-tokens.js';
import { demoBanner, demoPassword, seedDemo } from '../src/seed/demo.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ withDefaultApp: false });
});
afterAll(() => ctx.close());

async function loginAs(username: string): Promise<TokenData> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost:3000' },
    payload: { username, password: demoPassword },
  });
  expect(response.statusCode, username).toBe(200);
  return json<TokenData>(response);
}

describe('demo seed', () => {
  it('creates De Plukhoeve with its demo accounts, once', async () => {
    expect(await seedDemo(ctx.db)).toBe(true);
    expect(await seedDemo(ctx.db)).toBe(false);

    const info = await ctx.request({
      method: 'GET',
      url: '/api/info',
      headers: { host: 'anything.example' },
    });
    expect(json(info)).toMatchObject({ appId: 'plukhoeve', appName: 'De Plukhoeve', localeVariant: 'nl-be' });
    const question = await ctx.request({ method: 'GET', url: '/api/info/customRegistrationQuestion' });
    expect(json<{ question: string }>(question).question).toBeTruthy();

    const expectedRoles = {
      admin: ['Admin'],
      beheerder: ['ApplicationManager'],
      lid: [],
      analist: ['Analyst'],
    };
    for (const [username, roles] of Object.entries(expectedRoles)) {
      const { token } = await loginAs(username);
      const account = json<Account>(await ctx.request({ method: 'GET', url: '/api/User', as: token }));
      expect(account).toMatchObject({ username, roles, isApproved: true, isActive: true });
      if (username === 'lid') expect(account.memberShip.members.length).toBeGreaterThanOrEqual(2);
    }

    const { token } = await loginAs('beheerder');
    const waiting = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: token,
      payload: { isApproved: false },
    });
    expect(json<PagedUsers>(waiting).total).toBe(2);
    const banner = demoBanner('http://localhost:3000');
    for (const text of ['http://localhost:3000', 'pluk-demo', 'admin', 'beheerder', 'lid', 'analist']) {
      expect(banner).toContain(text);
    }
  });

  it('creates a second farm on hetveld.localhost whose accounts are other people', async () => {
    const host = { host: 'hetveld.localhost:3000' };
    const info = await ctx.request({ method: 'GET', url: '/api/info', headers: host });
    expect(json(info)).toMatchObject({ appId: 'hetveld', localeVariant: 'nl-be-cooperative' });

    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: host,
      payload: { username: 'lid', password: demoPassword },
    });
    expect(login.statusCode).toBe(200);
    const { token } = json<TokenData>(login);
    const account = json<Account>(
      await ctx.request({ method: 'GET', url: '/api/User', headers: host, as: token }),
    );
    expect(account).toMatchObject({ username: 'lid', firstName: 'Lotte' });
    // Its own week, and only its own: the home's calls show Het Veld's chore, event and post.
    const home = async (headers: Record<string, string>, as: string, url: string) =>
      json<{ items: { title: string }[] }>(await ctx.request({ method: 'GET', url, headers, as }));
    const titles = async (headers: Record<string, string>, as: string) =>
      [
        ...(await home(headers, as, '/api/task?isCompleted=false&pageSize=6&page=0&hasEnded=false')).items,
        ...(await home(headers, as, '/api/event?pageSize=1&page=0&hasEnded=false')).items,
        ...(await home(headers, as, '/api/post?pageSize=1&page=0')).items,
      ].map((item) => item.title);
    expect(await titles(host, token)).toEqual([
      'Bonenstaken plaatsen',
      'Algemene ledenvergadering',
      'Het nieuwe seizoen komt eraan',
    ]);
    const plukhoeve = { host: 'localhost' };
    const plukhoeveLid = (await loginAs('lid')).token;
    const plukhoeveTitles = await titles(plukhoeve, plukhoeveLid);
    expect(plukhoeveTitles.length).toBeGreaterThan(3);
    expect(plukhoeveTitles).not.toContain('Bonenstaken plaatsen');
    expect(plukhoeveTitles).not.toContain('Het nieuwe seizoen komt eraan');

    // The same token is worthless at the first farm.
    const elsewhere = await ctx.request({
      method: 'GET',
      url: '/api/User',
      headers: { host: 'localhost' },
      as: token,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(demoBanner('http://localhost:3000')).toContain('http://hetveld.localhost:3000');
  });

  it('gives both farms wallets through the ledger and a few open requests (decision 058)', async () => {
    for (const [host, lidBalance, bankerHost] of [
      ['localhost', 2500, 'localhost'],
      ['hetveld.localhost:3000', 2000, 'hetveld.localhost:3000'],
    ] as const) {
      const login = async (username: string) =>
        json<TokenData>(
          await ctx.request({
            method: 'POST',
            url: '/api/auth/login',
            headers: { host },
            payload: { username, password: demoPassword },
          }),
        ).token;
      const lid = await login('lid');
      const wallet = json<WalletWithEntries>(
        await ctx.request({ method: 'GET', url: '/api/User/Wallet', headers: { host }, as: lid }),
      );
      // The welcome donation at least (the market's demo may add its own movements).
      expect(wallet.isTransactionable).toBe(true);
      expect(wallet.balanceCents).toBeGreaterThan(0);
      expect(wallet.entries.items).toContainEqual(
        expect.objectContaining({
          kind: 'donation',
          amountCents: lidBalance,
          description: 'Welkomstgeschenk van de boerderij',
          counterpart: { kind: 'bank', name: 'Interne bank' },
        }),
      );
      const bank = json<{ issuedCents: number; membersTotalCents: number }>(
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/internalbank',
          headers: { host: bankerHost },
          as: await login('beheerder'),
        }),
      );
      expect(bank.issuedCents).toBeGreaterThan(0);
      expect(bank.membersTotalCents).toBe(bank.issuedCents);
      const open = json<{ items: { rewardCents: number; status: string }[] }>(
        await ctx.request({
          method: 'GET',
          url: '/api/request?isCompleted=false&pageSize=6&page=0&hasEnded=false',
          headers: { host },
          as: lid,
        }),
      );
      expect(open.items).toHaveLength(3);
      expect(open.items.filter((r) => r.rewardCents > 0)).toHaveLength(1);
    }
  });

  it("gives both farms fields, crops and this year's subscriptions, with something to pick for lid (decision 074)", async () => {
    for (const [host, pickable] of [
      ['localhost', ['Basilicum', 'Courgette', 'Sla', 'Tomaat', 'Zonnebloem']],
      ['hetveld.localhost:3000', ['Boon', 'Spinazie']],
    ] as const) {
      const lid = json<TokenData>(
        await ctx.request({
          method: 'POST',
          url: '/api/auth/login',
          headers: { host },
          payload: { username: 'lid', password: demoPassword },
        }),
      ).token;
      const pluk = json<PlukOfTheWeek>(
        await ctx.request({ method: 'GET', url: '/api/pluk/plukoftheweek', headers: { host }, as: lid }),
      );
      const names = pluk.subscriptions.flatMap((s) => s.crops.map((c) => c.name)).sort();
      expect(names, host).toEqual([...pickable]);
      const membership = json<MyMembership>(
        await ctx.request({ method: 'GET', url: '/api/User/Membership', headers: { host }, as: lid }),
      );
      expect(
        membership.subscriptions.every((s) => s.priceCents > 0),
        host,
      ).toBe(true);
    }
  });

  it("gives both farms a bank account and this year's subscriptions as transactions (decision 077)", async () => {
    const rows = await ctx.db
      .select({
        appId: bankTransactions.appId,
        username: users.username,
        status: bankTransactions.status,
        amountCents: bankTransactions.amountCents,
        hasPaid: users.hasPaid,
      })
      .from(bankTransactions)
      .innerJoin(users, eq(users.id, bankTransactions.userId))
      .orderBy(bankTransactions.appId, users.username, bankTransactions.amountCents);
    const of = (appId: string, username: string) =>
      rows.filter((row) => row.appId === appId && row.username === username);
    // lid: household of 2 adults and 1 child: Groente 2 × 185 + 60, Bloemen 2 × 45.
    expect(of('plukhoeve', 'lid').map((row) => [row.status, row.amountCents])).toEqual([
      ['open', 9_000],
      ['open', 43_000],
    ]);
    expect(of('plukhoeve', 'marie').every((row) => row.status === 'paid' && row.hasPaid)).toBe(true);
    expect(of('plukhoeve', 'lid').every((row) => !row.hasPaid)).toBe(true);
    expect(of('hetveld', 'lid').map((row) => row.status)).toEqual(['open']);
    for (const appId of ['plukhoeve', 'hetveld'])
      expect(isValidIbanForTest((await settingValue(ctx.db, appId, bankSettingKeys.iban)) ?? '')).toBe(true);
  });

  it('keeps one generated JWT secret (in DATA_DIR/secrets, ADR 055) when JWT_SECRET is unset', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pluk-seed-secret-'));
    const first = await resolveJwtSecret(ctx.db, { dataDir });
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(await resolveJwtSecret(ctx.db, { dataDir })).toBe(first);
    expect(await resolveJwtSecret(ctx.db, { dataDir, jwtSecret: 'z'.repeat(40) })).toBe('z'.repeat(40));
    await rm(dataDir, { recursive: true, force: true });
  });
});

/** ISO 13616 mod-97, written out here so the test does not trust the code it checks. */
function isValidIbanForTest(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  const digits = [...moved].map((c) => parseInt(c, 36).toString()).join('');
  return iban.length > 4 && BigInt(digits) % 97n === 1n;
}
