import { weatherSettingKeys } from '@pluk/contract';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { events, posts, tasks } from '../db/schema/index.js';
import { putSetting } from '../lib/app-settings.js';
import { createApp, createUser } from './factories.js';
import { farmTime } from './farm-clock.js';
import { hetVeldMarket, seedDemoMarket } from './demo-market.js';
import { hetVeldHarvest, seedDemoHarvest } from './demo-harvest.js';
import { seedDemoBank } from './demo-bank.js';
import { seedDemoWalletRequests } from './demo-wallet-requests.js';

/** The second demo installation: where a second app on the same server can be tried out. */
export const secondDemoFarm = {
  appId: 'hetveld',
  name: 'Coöperatie Het Veld',
  host: 'hetveld.localhost',
} as const;

/**
 * A cooperative (the other locale variant) on its own host name. Browsers resolve every
 * `*.localhost` name to this machine, so `http://hetveld.localhost:3000` opens it next to De Plukhoeve,
 * with accounts of the same names that are nevertheless different people.
 */
export async function seedSecondDemoFarm(
  db: Database,
  password: string,
  dataDir?: string,
): Promise<{ appId: string }> {
  const { appId } = await createApp(db, {
    appId: secondDemoFarm.appId,
    name: secondDemoFarm.name,
    hosts: [secondDemoFarm.host],
    colors: { primary: '#7b3f00', secondary: '#e0a458', background: '#fbf6ee' },
    localeVariant: 'nl-be-cooperative',
    membershipExplanation:
      'Coöperatie Het Veld is een zelfoogsttuin in handen van haar leden. Je koopt een aandeel per ' +
      'volwassene en per kind; na goedkeuring door het bestuur oogst je mee.',
    customRegistrationQuestion: null,
    harvestYearStart: { month: 4, day: 1 },
    settings: [{ key: 'contactEmail', value: 'bestuur@hetveld.be', isPublic: true }],
  });
  const account = (username: string, firstName: string, lastName: string) => ({
    appId,
    username,
    email: `${username}@hetveld.be`,
    password,
    firstName,
    lastName,
  });
  await createUser(db, { ...account('admin', 'Hilde', 'Hoeve'), roles: ['Admin'] });
  const manager = await createUser(db, {
    ...account('beheerder', 'Koen', 'Kouter'),
    roles: ['ApplicationManager'],
  });
  await createUser(db, {
    ...account('lid', 'Lotte', 'Veldman'),
    household: [{ name: 'Mats Veldman', yearOfBirth: 2014, isAdult: false }],
  });
  await seedSecondFarmWeek(db, appId, manager.id);
  await seedDemoWalletRequests(db, appId, {
    manager: 'beheerder',
    welcomeCents: 2000,
    requests: [
      {
        by: 'lid',
        title: 'Hulp bij het snoeien van de bessenstruiken',
        description: 'Twee uurtjes op zaterdag; ik breng snoeischaren mee.',
        rewardCents: 300,
        neededInDays: 14,
      },
      {
        by: 'beheerder',
        title: 'Wie heeft een ladder over?',
        description: 'Voor de nieuwe schuur zoeken we een stevige ladder.',
      },
      {
        by: 'admin',
        title: 'Fietskar om zaaigoed op te halen',
        description: 'Woensdag in Leuven op te halen, past niet in de fietstas.',
        neededInDays: 7,
      },
    ],
  });
  await seedDemoMarket(db, appId, hetVeldMarket, { dataDir });
  await seedDemoHarvest(db, appId, hetVeldHarvest);
  await seedDemoBank(db, appId, {
    accountName: 'Coöperatie Het Veld cv',
    iban: 'BE71096123456769',
    bic: '',
    paidBy: [],
  });
  return { appId };
}

const day = 24 * 60 * 60 * 1000;

/** Its own week: a chore, an event, a post and Leuven's weather — nothing shared with De Plukhoeve. */
async function seedSecondFarmWeek(db: Database, appId: string, managerId: number): Promise<void> {
  await putSetting(db, appId, weatherSettingKeys.latitude, '50.88');
  await putSetting(db, appId, weatherSettingKeys.longitude, '4.70');
  await putSetting(db, appId, weatherSettingKeys.locationName, 'Leuven');
  const now = new Date();
  const at = (days: number, hour: number) => farmTime(now, days, hour);
  await tenantDb(db, appId)
    .insert(tasks)
    .values({
      appId,
      title: 'Bonenstaken plaatsen',
      description: 'We zetten de staken voor de stokbonen. Vier paar handen maken het licht werk.',
      location: 'Perceel B',
      startsAt: at(3, 8),
      endsAt: at(3, 11),
      places: 4,
      creditsPerPerson: 2,
      createdByUserId: managerId,
    });
  await tenantDb(db, appId)
    .insert(events)
    .values({
      appId,
      title: 'Algemene ledenvergadering',
      description: 'Jaarrekening, plannen voor het nieuwe seizoen en daarna een drankje in de schuur.',
      location: 'De schuur',
      startsAt: at(10, 18),
      endsAt: at(10, 21),
      capacity: null,
      createdByUserId: managerId,
    });
  await tenantDb(db, appId)
    .insert(posts)
    .values({
      appId,
      title: 'Het nieuwe seizoen komt eraan',
      body: '<p>De zaaiplannen zijn klaar. Op de <strong>ledenvergadering</strong> stellen we ze voor.</p>',
      isActive: true,
      publishedAt: new Date(Date.now() - day),
      createdByUserId: managerId,
    });
}
