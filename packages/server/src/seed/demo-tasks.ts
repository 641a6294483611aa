import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { creditEntries, taskAssignments, tasks, users } from '../db/schema/index.js';
import { harvestYearOf, harvestYearStartOf } from '../modules/harvest-year.js';
import { insertNotifications } from '../modules/notification/notify.js';
import { confirmedNotification } from '../modules/task/notifications.js';
import { createUser } from './factories.js';
import { farmTime } from './farm-clock.js';

/** Two more members who help with chores (they sign in with the demo password too). */
export const demoHelpers = [
  { username: 'jef', firstName: 'Jef', lastName: 'Janssens' },
  { username: 'marie', firstName: 'Marie', lastName: 'Maes' },
] as const;

/**
 * Chores of the demo farm for the coming weeks (one nearly full) and one past chore that `lid` helped
 * with, confirmed, with its credits — so a fresh `npm start` shows a member's week. Runs inside the demo
 * seed's transaction, once.
 */
export async function seedDemoTasks(db: Database, appId: string, password: string): Promise<void> {
  const now = new Date();
  const helpers = [];
  for (const helper of demoHelpers) {
    helpers.push(
      await createUser(db, {
        appId,
        username: helper.username,
        email: `${helper.username}@deplukhoeve.be`,
        password,
        firstName: helper.firstName,
        lastName: helper.lastName,
      }),
    );
  }
  const [jef, marie] = helpers;
  const people = await tenantDb(db, appId)
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.username, ['lid', 'beheerder'])));
  const lid = people.find((p) => p.username === 'lid');
  const manager = people.find((p) => p.username === 'beheerder');
  if (!lid || !manager || !jef || !marie) throw new Error('Demo users missing for the demo tasks');

  const chore = async (values: {
    title: string;
    description: string;
    location: string;
    startsAt: Date;
    endsAt: Date;
    places: number;
    creditsPerPerson: number;
  }) => {
    const [row] = await tenantDb(db, appId)
      .insert(tasks)
      .values({ appId, createdByUserId: manager.id, ...values })
      .returning();
    return row!;
  };
  const assign = async (taskId: number, userId: number, status: 'waiting' | 'confirmed') => {
    const [row] = await tenantDb(db, appId)
      .insert(taskAssignments)
      .values({
        appId,
        taskId,
        userId,
        status,
        handledByUserId: status === 'confirmed' ? manager.id : null,
        handledAt: status === 'confirmed' ? now : null,
      })
      .returning();
    return row!;
  };

  const strawberries = await chore({
    title: 'Aardbeien uitplanten',
    description:
      'We planten 300 nieuwe aardbeiplanten in de serre. Breng handschoenen mee; plantschopjes liggen klaar.',
    location: 'Serre',
    startsAt: farmTime(now, 2, 9),
    endsAt: farmTime(now, 2, 12),
    places: 4,
    creditsPerPerson: 3,
  });
  await assign(strawberries.id, lid.id, 'waiting');
  await assign(strawberries.id, jef.id, 'confirmed');

  const weeding = await chore({
    title: 'Onkruid wieden in de preibedden',
    description: 'De prei staat er mooi bij, het onkruid ook. Met drie zijn we er in een namiddag door.',
    location: 'Veld 2',
    startsAt: farmTime(now, 5, 14),
    endsAt: farmTime(now, 5, 16, 30),
    places: 3,
    creditsPerPerson: 2,
  });
  await assign(weeding.id, marie.id, 'confirmed');
  await assign(weeding.id, jef.id, 'waiting');

  await chore({
    title: 'Compostbak omzetten',
    description:
      'De compost van vorig jaar gaat naar de bedden, de nieuwe hoop wordt omgezet. Stevige schoenen aan!',
    location: 'Achter de schuur',
    startsAt: farmTime(now, 9, 10),
    endsAt: farmTime(now, 9, 12),
    places: 2,
    creditsPerPerson: 2,
  });

  await chore({
    title: 'Oogstfeest klaarzetten',
    description:
      'Tafels en banken uit de schuur, lichtjes ophangen en de oogstkraam opbouwen voor het feest.',
    location: 'Schuur en erf',
    startsAt: farmTime(now, 16, 13),
    endsAt: farmTime(now, 16, 17),
    places: 8,
    creditsPerPerson: 4,
  });

  // A chore lid helped with, confirmed, with its credits in this harvest year.
  const yearStart = await harvestYearStartOf(db, appId);
  let pastStart = farmTime(now, -10, 9);
  if (harvestYearOf(pastStart, yearStart).year !== harvestYearOf(now, yearStart).year) {
    pastStart = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  }
  const pruning = await chore({
    title: 'Fruitbomen snoeien',
    description: 'Samen met onze boomverzorger snoeien we de appel- en perenbomen in de boomgaard.',
    location: 'Boomgaard',
    startsAt: pastStart,
    endsAt: new Date(pastStart.getTime() + 2 * 60 * 60 * 1000),
    places: 5,
    creditsPerPerson: 3,
  });
  const lidPruning = await assign(pruning.id, lid.id, 'confirmed');
  await tenantDb(db, appId)
    .insert(creditEntries)
    .values({
      appId,
      userId: lid.id,
      taskAssignmentId: lidPruning.id,
      harvestYear: harvestYearOf(pastStart, yearStart).year,
      amount: pruning.creditsPerPerson,
      description: pruning.title,
    });
  await insertNotifications(db, appId, [confirmedNotification(lid.id, pruning)]);
}
