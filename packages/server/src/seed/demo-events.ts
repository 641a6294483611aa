import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { eventAttendances, events, users } from '../db/schema/index.js';
import { farmTime } from './farm-clock.js';

/**
 * Three events of the demo farm: a workshop next week with a limited number of places (`lid` signed up
 * with a guest, confirmed by `beheerder`), the harvest festival later on (unlimited) and last month's
 * seed swap (ended). Runs inside the demo seed's transaction, once; members the other demo seeds made
 * (`jef`, `marie`) sign up too when they exist.
 */
export async function seedDemoEvents(db: Database, appId: string): Promise<void> {
  const now = new Date();
  const people = await tenantDb(db, appId)
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.username, ['lid', 'beheerder', 'jef', 'marie'])));
  const idOf = (username: string) => people.find((person) => person.username === username)?.id;
  const managerId = idOf('beheerder') ?? null;

  const [workshop, festival, swap] = await tenantDb(db, appId)
    .insert(events)
    .values([
      {
        appId,
        title: 'Workshop tomaten snoeien',
        description:
          'Leer hoe je tomatenplanten dieven, opbinden en gezond houdt tot het einde van de zomer. ' +
          'We starten met een korte uitleg in de serre en gaan daarna samen aan de slag. ' +
          'Handschoenen en snoeischaren zijn er; breng gerust je eigen schaar mee.',
        location: 'Serre achteraan het veld',
        startsAt: farmTime(now, 7, 10),
        endsAt: farmTime(now, 7, 12),
        capacity: 12,
        createdByUserId: managerId,
      },
      {
        appId,
        title: 'Oogstfeest',
        description:
          'Het jaarlijkse oogstfeest van De Plukhoeve: soep van eigen groenten, een pompoenwedstrijd ' +
          'voor de kinderen en muziek tot zonsondergang. Iedereen is welkom, neem familie en vrienden mee.',
        location: 'Boerderijerf, Veldstraat 12, Gent',
        startsAt: farmTime(now, 35, 14),
        endsAt: farmTime(now, 35, 20),
        capacity: null,
        createdByUserId: managerId,
      },
      {
        appId,
        title: 'Zadenruilbeurs',
        description: 'Breng je overschot aan zaden mee en ruil met andere leden. Met koffie en taart.',
        location: 'De schuur',
        startsAt: farmTime(now, -30, 13),
        endsAt: farmTime(now, -30, 16),
        capacity: 40,
        createdByUserId: managerId,
      },
    ])
    .returning({ id: events.id });
  if (!workshop || !festival || !swap) throw new Error('Demo events insert returned nothing');

  const signUps: {
    eventId: number;
    username: string;
    guests: number;
    status: 'waiting' | 'confirmed';
  }[] = [
    { eventId: workshop.id, username: 'lid', guests: 1, status: 'confirmed' },
    { eventId: workshop.id, username: 'jef', guests: 0, status: 'waiting' },
    { eventId: festival.id, username: 'marie', guests: 3, status: 'waiting' },
    { eventId: swap.id, username: 'jef', guests: 0, status: 'confirmed' },
    { eventId: swap.id, username: 'marie', guests: 1, status: 'confirmed' },
  ];
  const rows = signUps.flatMap((signUp) => {
    const userId = idOf(signUp.username);
    if (userId === undefined) return [];
    const handled = signUp.status === 'confirmed';
    return [
      {
        appId,
        eventId: signUp.eventId,
        userId,
        guests: signUp.guests,
        status: signUp.status,
        handledByUserId: handled ? managerId : null,
        handledAt: handled ? now : null,
      },
    ];
  });
  if (rows.length > 0) await tenantDb(db, appId).insert(eventAttendances).values(rows);
}
