import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPushKeys, jobs, notifications, pushSubscriptions } from '../src/db/schema/index.js';
import { insertNotifications } from '../src/modules/notification/notify.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { startPushStandIn, type BrowserSubscription, type PushStandIn } from './helpers/push-stand-in.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let push: PushStandIn;
let lien: CreatedUser;
let tom: CreatedUser;
let manager: CreatedUser;
let stranger: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext({ config: { allowLoopbackPushEndpoints: true } });
  push = await startPushStandIn();
  lien = await ctx.createUser({ username: 'lien' });
  tom = await ctx.createUser({ username: 'tom' });
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'vreemde' });
});
afterAll(async () => {
  await ctx.close();
  await push.close();
});

const subscribe = (as: CreatedUser, subscription: Pick<BrowserSubscription, 'endpoint' | 'keys'>) =>
  ctx.request({
    method: 'POST',
    url: '/api/pushsubscription/subscribe',
    as,
    headers: as.appId === 'ander' ? { host: 'ander.test' } : {},
    payload: { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
  });

async function subscriptionsOf(user: CreatedUser) {
  return ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
}

async function notify(user: CreatedUser, title: string, link: string | null = '/tasks/7') {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/notification/create',
    as: manager,
    payload: { userIds: [user.id], title, body: `${title}: meer uitleg`, link },
  });
  expect(response.statusCode).toBe(200);
  await ctx.app.jobs.drain();
}

describe('GET pushsubscription/publicKey', () => {
  it('gives each app one VAPID key pair, made once even when asked at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.request({ method: 'GET', url: '/api/pushsubscription/publicKey', as: lien }),
      ),
    );
    const keys = answers.map((answer) => json<{ publicKey: string }>(answer).publicKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const rows = await ctx.db.select().from(appPushKeys).where(eq(appPushKeys.appId, ctx.appId));
    expect(rows).toHaveLength(1);
    const other = await ctx.request({
      method: 'GET',
      url: '/api/pushsubscription/publicKey',
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(json<{ publicKey: string }>(other).publicKey).not.toBe(keys[0]);
    expect((await ctx.request({ method: 'GET', url: '/api/pushsubscription/publicKey' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST pushsubscription/subscribe and unsubscribe', () => {
  it('stores the browser’s subscription for the caller', async () => {
    const phone = push.subscription('lien-subscribe');
    expect((await subscribe(lien, phone)).statusCode).toBe(204);
    expect((await subscribe(lien, phone)).statusCode).toBe(204);
    const rows = (await subscriptionsOf(lien)).filter((row) => row.endpoint === phone.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ appId: ctx.appId, p256dh: phone.keys.p256dh, auth: phone.keys.auth });
  });

  it('moves a browser’s endpoint to the member who subscribes on it last', async () => {
    const shared = push.subscription('shared-tablet');
    await subscribe(lien, shared);
    await subscribe(tom, shared);
    expect((await subscriptionsOf(lien)).some((row) => row.endpoint === shared.endpoint)).toBe(false);
    expect((await subscriptionsOf(tom)).some((row) => row.endpoint === shared.endpoint)).toBe(true);
  });

  it('refuses endpoints that are not https (except a loopback stand-in in tests)', async () => {
    const keys = push.subscription('x').keys;
    const plain = await subscribe(lien, { endpoint: 'http://push.example.com/abc', keys });
    expect(plain.statusCode).toBe(400);
    expect(json(plain)).toMatchObject({
      error: {
        code: 'PUSH_ENDPOINT_NOT_ALLOWED',
        fields: { endpoint: 'Een push-adres moet met https:// beginnen.' },
      },
    });
    expect((await subscribe(lien, { endpoint: 'javascript:alert(1)', keys })).statusCode).toBe(400);
    const ok = await subscribe(lien, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys });
    expect(ok.statusCode).toBe(204);
    ctx.app.config.allowLoopbackPushEndpoints = false;
    try {
      expect((await subscribe(lien, push.subscription('loopback'))).statusCode).toBe(400);
    } finally {
      ctx.app.config.allowLoopbackPushEndpoints = true;
    }
  });

  it('explains missing keys and too long endpoints in Dutch', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/pushsubscription/subscribe',
      as: lien,
      payload: {
        endpoint: `https://push.example.com/${'a'.repeat(1000)}`,
        keys: { p256dh: '', auth: 'a b' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      error: {
        fields: {
          endpoint: 'Een push-adres heeft hoogstens 1000 tekens.',
          'keys.p256dh': 'De sleutel ontbreekt.',
          'keys.auth': 'Geen geldige sleutel.',
        },
      },
    });
  });

  it('unsubscribes only my own subscription', async () => {
    const lienLaptop = push.subscription('lien-laptop-gone-soon');
    await subscribe(lien, lienLaptop);
    const byTom = await ctx.request({
      method: 'POST',
      url: '/api/pushsubscription/unsubscribe',
      as: tom,
      payload: { endpoint: lienLaptop.endpoint },
    });
    expect(byTom.statusCode).toBe(204);
    expect((await subscriptionsOf(lien)).some((row) => row.endpoint === lienLaptop.endpoint)).toBe(true);
    const byLien = await ctx.request({
      method: 'POST',
      url: '/api/pushsubscription/unsubscribe',
      as: lien,
      payload: { endpoint: lienLaptop.endpoint },
    });
    expect(byLien.statusCode).toBe(204);
    expect((await subscriptionsOf(lien)).some((row) => row.endpoint === lienLaptop.endpoint)).toBe(false);
  });
});

describe('web push delivery', () => {
  let lienPhone: BrowserSubscription;
  let lienLaptop: BrowserSubscription;
  let tomPhone: BrowserSubscription;

  beforeAll(async () => {
    await ctx.db.delete(pushSubscriptions);
    lienPhone = push.subscription('lien-phone');
    lienLaptop = push.subscription('lien-laptop');
    tomPhone = push.subscription('tom-phone');
    await subscribe(lien, lienPhone);
    await subscribe(lien, lienLaptop);
    await subscribe(tom, tomPhone);
  });

  it('reaches every browser of the member it is for, and only those', async () => {
    await notify(lien, 'Je klusje is bevestigd');
    expect(push.requestsFor(lienPhone)).toHaveLength(1);
    expect(push.requestsFor(lienLaptop)).toHaveLength(1);
    expect(push.requestsFor(tomPhone)).toHaveLength(0);

    const [message] = push.requestsFor(lienPhone);
    const [row] = await ctx.db.select().from(appPushKeys).where(eq(appPushKeys.appId, ctx.appId));
    expect(message?.headers).toMatchObject({ ttl: '86400', 'content-encoding': 'aes128gcm' });
    expect(message?.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${row?.publicKey}$`));
    const payload = lienPhone.decrypt(message!.body) as Record<string, unknown>;
    expect(payload).toMatchObject({
      title: 'Je klusje is bevestigd',
      body: 'Je klusje is bevestigd: meer uitleg',
      link: '/tasks/7',
    });
    const [stored] = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, Number(payload.notificationId)));
    expect(stored?.userId).toBe(lien.id);
    const lienRows = await subscriptionsOf(lien);
    expect(lienRows.every((sub) => sub.lastSuccessAt !== null)).toBe(true);
  });

  it('sends a batch for several members each to their own browsers', async () => {
    const before = push.requests.length;
    const created = await insertNotifications(ctx.db, ctx.appId, [
      { userId: lien.id, title: 'Voor Lien', body: '', link: null },
      { userId: tom.id, title: 'Voor Tom', body: '', link: '/events/1' },
    ]);
    // Queued with the notifications (one job per browser); the worker sends them.
    expect(created).toHaveLength(2);
    await ctx.app.jobs.drain();
    const sent = push.requests.slice(before);
    expect(sent).toHaveLength(3);
    const tomMessage = sent.find((r) => `${push.base}${r.path}` === tomPhone.endpoint);
    expect(tomPhone.decrypt(tomMessage!.body)).toMatchObject({ title: 'Voor Tom', link: '/events/1' });
    for (const message of sent.filter((r) => r !== tomMessage)) {
      const target = `${push.base}${message.path}` === lienPhone.endpoint ? lienPhone : lienLaptop;
      expect(target.decrypt(message.body)).toMatchObject({ title: 'Voor Lien', link: null });
    }
  });

  it('removes a subscription the push service reports gone, keeps the others', async () => {
    push.markGone(lienLaptop);
    await notify(lien, 'Nieuw bericht');
    const endpoints = (await subscriptionsOf(lien)).map((row) => row.endpoint);
    expect(endpoints).toEqual([lienPhone.endpoint]);
    expect((await subscriptionsOf(tom)).map((row) => row.endpoint)).toEqual([tomPhone.endpoint]);
  });

  it('never fails the change when a push service cannot be reached', async () => {
    const dead = push.subscription('dead');
    await subscribe(tom, { endpoint: 'http://127.0.0.1:9/push/unreachable', keys: dead.keys });
    const before = push.requestsFor(tomPhone).length;
    await notify(tom, 'Toch verstuurd');
    expect(push.requestsFor(tomPhone)).toHaveLength(before + 1);
    // The unreachable one stays: only a push service's own "gone" removes a subscription.
    expect((await subscriptionsOf(tom)).map((row) => row.endpoint)).toContain(
      'http://127.0.0.1:9/push/unreachable',
    );
    // Its job waits for a retry; retries go to that browser only, and end as failed for good.
    const [unreachable] = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'http://127.0.0.1:9/push/unreachable'));
    const jobOf = async () =>
      (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'push'))).filter((job) =>
        job.idempotencyKey.endsWith(`:${unreachable!.id}`),
      );
    expect(await jobOf()).toMatchObject([{ status: 'waiting', attempts: 1 }]);
    await ctx.app.jobs.drain({ ignoreRunAt: true });
    expect(await jobOf()).toMatchObject([{ status: 'failed', attempts: 4 }]);
    expect(push.requestsFor(tomPhone)).toHaveLength(before + 1);
  });

  it('sends nothing for a member without subscriptions', async () => {
    const before = push.requests.length;
    await notify(manager, 'Geen toestel');
    expect(push.requests.length).toBe(before);
  });
});
