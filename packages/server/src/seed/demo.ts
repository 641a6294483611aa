import { count } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apps } from '../db/schema/index.js';
import { seedSecondDemoFarm, secondDemoFarm } from './demo-second-farm.js';
import { createApp, createUser } from './factories.js';
import { seedDemoWalletRequests } from './demo-wallet-requests.js';
import { seedDemoTasks } from './demo-tasks.js';
import { seedDemoEvents } from './demo-events.js';
import { seedDemoCommunity } from './demo-community.js';
import { seedDemoPosts } from './demo-posts.js';
import { plukhoeveMarket, seedDemoMarket } from './demo-market.js';
import { plukhoeveHarvest, seedDemoHarvest } from './demo-harvest.js';
import { seedDemoBank } from './demo-bank.js';
import { seedDemoHistory } from './demo-history.js';

export const demoPassword = 'pluk-demo';

export const demoAccounts = [
  { username: 'admin', role: 'Admin' },
  { username: 'beheerder', role: 'ApplicationManager' },
  { username: 'lid', role: 'lid (goedgekeurd)' },
  { username: 'analist', role: 'Analyst' },
  { username: 'penning', role: 'BankManager' },
] as const;

/**
 * Creates the demo farm "De Plukhoeve" with its demo accounts, only into a database without any app
 * yet: it never seeds twice and never overwrites a real installation.
 */
export async function seedDemo(db: Database, options: { dataDir?: string } = {}): Promise<boolean> {
  const [existing] = await db.select({ count: count() }).from(apps);
  if (Number(existing?.count ?? 0) > 0) return false;

  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const { appId } = await createApp(txDb, {
      appId: 'plukhoeve',
      name: 'De Plukhoeve',
      isDefault: true,
      hosts: ['localhost', '127.0.0.1'],
      colors: { primary: '#2f7d32', secondary: '#8bc34a', background: '#f3f8ee' },
      localeVariant: 'nl-be',
      membershipExplanation:
        'Als lid van De Plukhoeve oogst je het hele seizoen zelf groenten, kruiden en bloemen op ons veld. ' +
        'Je betaalt per volwassene en per kind een jaarbijdrage. Na je registratie keurt een beheerder je ' +
        'aanvraag goed; daarna kan je meteen beginnen plukken.',
      customRegistrationQuestion: 'Hoe heb je De Plukhoeve leren kennen?',
      harvestYearStart: { month: 3, day: 1 },
      settings: [
        { key: 'contactEmail', value: 'info@deplukhoeve.be', isPublic: true },
        { key: 'farmAddress', value: 'Veldstraat 12, 9000 Gent', isPublic: true },
        { key: 'openingHours', value: 'Di-za 9u-18u', isPublic: true },
      ],
    });
    const demo = (username: string, firstName: string, lastName: string) => ({
      appId,
      username,
      email: `${username}@deplukhoeve.be`,
      password: demoPassword,
      firstName,
      lastName,
    });
    await createUser(txDb, { ...demo('admin', 'Ann', 'Admin'), roles: ['Admin'] });
    await createUser(txDb, { ...demo('beheerder', 'Bart', 'Beheerder'), roles: ['ApplicationManager'] });
    await createUser(txDb, {
      ...demo('lid', 'Lien', 'Lid'),
      phone: '0470 12 34 56',
      address: { street: 'Kerkstraat', number: '5', postalCode: '9000', city: 'Gent' },
      household: [
        { name: 'Tom Lid', yearOfBirth: 1986, isAdult: true },
        { name: 'Fien Lid', yearOfBirth: 2016, isAdult: false },
      ],
    });
    await createUser(txDb, { ...demo('analist', 'Arne', 'Analist'), roles: ['Analyst'] });
    await createUser(txDb, { ...demo('penning', 'Paula', 'Penning'), roles: ['BankManager'] });
    await createUser(txDb, {
      ...demo('wachtend1', 'Wout', 'Wachter'),
      approved: false,
      customQuestionAnswer: 'Via een vriend',
    });
    await createUser(txDb, {
      ...demo('wachtend2', 'Wendy', 'Wachtlijst'),
      approved: false,
      customQuestionAnswer: 'Op de markt',
      household: [{ name: 'Jan Wachtlijst', yearOfBirth: 1980, isAdult: true }],
    });
    await seedDemoTasks(txDb, appId, demoPassword);
    await seedDemoEvents(txDb, appId);
    await seedDemoCommunity(txDb, appId);
    await seedDemoPosts(txDb, appId, options.dataDir);
    await seedDemoWalletRequests(txDb, appId, {
      manager: 'beheerder',
      welcomeCents: 2500,
      requests: [
        {
          by: 'lid',
          title: 'Wie geeft mijn tomaten water tijdens de vakantie?',
          description:
            'Van 12 tot 19 juli ben ik weg. Elke avond een gieter op mijn plukbed, vijf minuten werk.',
          rewardCents: 500,
          neededInDays: 20,
        },
        {
          by: 'jef',
          title: 'Aanhangwagen lenen voor compost',
          description: 'Een zaterdagvoormiddag, om compost van het containerpark te halen.',
          neededInDays: 10,
        },
        {
          by: 'marie',
          title: 'Recept voor courgettesoep gezocht',
          description: 'Ik heb veel te veel courgettes. Wie heeft een lekker recept?',
        },
      ],
    });
    await seedDemoMarket(txDb, appId, plukhoeveMarket, { dataDir: options.dataDir });
    await seedDemoHarvest(txDb, appId, plukhoeveHarvest);
    await seedDemoBank(txDb, appId, {
      accountName: 'De Plukhoeve vzw',
      iban: 'BE68539007547034',
      bic: '',
      paidBy: ['marie'],
    });
    await seedDemoHistory(txDb, appId);
    await seedSecondDemoFarm(txDb, demoPassword, options.dataDir);
  });
  return true;
}

/** The second farm's address: the same port on its own `*.localhost` host name. */
export function secondFarmUrl(url: string): string {
  const address = new URL(url);
  address.hostname = secondDemoFarm.host;
  return address.origin;
}

/** The block printed at start-up after seeding, so a newcomer knows how to sign in. */
export function demoBanner(url: string): string {
  const lines = [
    'Demo farm "De Plukhoeve" created.',
    `  Open:     ${url}`,
    `  Password: ${demoPassword} (for every demo account)`,
    ...demoAccounts.map((a) => `  ${a.username.padEnd(10)} ${a.role}`),
    '  jef, marie two more members who help with chores',
    '  wachtend1, wachtend2 wait on the waiting list.',
    `Second farm "${secondDemoFarm.name}" on the same server:`,
    `  Open:     ${secondFarmUrl(url)}`,
    '  admin, beheerder, lid (same password; different people)',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '='.repeat(width);
  return [bar, ...lines, bar].join('\n');
}
