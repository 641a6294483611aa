import { and, eq } from 'drizzle-orm';
import { weatherSettingKeys } from '@pluk/contract';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { feedback, notifications, users } from '../db/schema/index.js';
import { putSetting } from '../lib/app-settings.js';

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3600 * 1000);

/**
 * The demo farm's weather coordinates (Gent), a few notifications in `lid`'s inbox (two unread) and
 * one answered feedback message. Runs inside the demo seed's transaction, once.
 */
export async function seedDemoCommunity(db: Database, appId: string): Promise<void> {
  await putSetting(db, appId, weatherSettingKeys.latitude, '51.05');
  await putSetting(db, appId, weatherSettingKeys.longitude, '3.72');
  await putSetting(db, appId, weatherSettingKeys.locationName, 'Gent');

  const [lid] = await tenantDb(db, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.username, 'lid')));
  const [manager] = await tenantDb(db, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.username, 'beheerder')));
  if (!lid || !manager) throw new Error('Demo users missing for the demo notifications');

  const now = new Date();
  await tenantDb(db, appId)
    .insert(notifications)
    .values([
      {
        appId,
        userId: lid.id,
        title: 'Welkom bij De Plukhoeve!',
        body: 'Je account is goedgekeurd. Kijk op de startpagina wat er deze week te doen is.',
        link: '/',
        isRead: true,
        createdAt: hoursAgo(now, 24 * 20),
      },
      {
        appId,
        userId: lid.id,
        title: 'Je feedback werd beantwoord',
        body: 'De poort gaat vanaf mei om 8 uur open.',
        link: '/account/feedback',
        isRead: false,
        createdAt: hoursAgo(now, 26),
      },
      {
        appId,
        userId: lid.id,
        title: 'Nieuw op het veld',
        body: 'De eerste aardbeien zijn rijp: kom ze plukken!',
        // Its subject: what may be picked now (decision 091: a notification opens its subject).
        link: '/pluk',
        isRead: false,
        createdAt: hoursAgo(now, 3),
      },
    ]);
  await tenantDb(db, appId)
    .insert(feedback)
    .values({
      appId,
      userId: lid.id,
      subject: 'Openingsuren',
      message: 'Kan de poort in het weekend wat vroeger open? Om 9 uur is het al warm op het veld.',
      isHandled: true,
      answer: 'Goed idee! Vanaf mei gaat de poort op zaterdag en zondag om 8 uur open.',
      handledByUserId: manager.id,
      handledAt: hoursAgo(now, 26),
      createdAt: hoursAgo(now, 24 * 4),
    });
}
