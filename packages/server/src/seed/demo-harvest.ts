import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { users } from '../db/schema/index.js';
import { currentHarvestYear } from '../modules/harvest-year.js';
import { createCrop, createField, createSubscription, setPluk, subscribeUser } from './factories.js';
import { tableExists } from './table-exists.js';

/** A demo farm's harvest (decision 074): fields, crops, this year's subscriptions, who has which, what is pickable. */
export interface DemoHarvest {
  fields: { name: string; description: string }[];
  crops: {
    name: string;
    unit: string;
    hint: string;
    howToHarvest: string;
    description: string;
    fields: string[];
    /** Subscription name → amount per share; a crop named here is pickable now for it. */
    pickable?: Record<string, string>;
    /** Subscription name → amount per share, set but not pickable now. */
    later?: Record<string, string>;
  }[];
  subscriptions: {
    name: string;
    description: string;
    adultPriceCents: number;
    childPriceCents: number;
    requiredCredits: number;
    isOpenForRegistration: boolean;
    /** Usernames of the account holders who have it. */
    members: string[];
  }[];
}

export async function seedDemoHarvest(db: Database, appId: string, harvest: DemoHarvest): Promise<void> {
  // The migration test of 0002 seeds a database of before migration 0009 (decision 074): no harvest yet.
  if (!(await tableExists(db, 'crops'))) return;
  const year = (await currentHarvestYear(db, appId)).year;
  const fieldIds = new Map<string, number>();
  for (const [position, field] of harvest.fields.entries()) {
    fieldIds.set(field.name, (await createField(db, { appId, ...field, position })).id);
  }
  const subscriptionIds = new Map<string, number>();
  for (const { members, ...subscription } of harvest.subscriptions) {
    const { id } = await createSubscription(db, { appId, harvestYear: year, ...subscription });
    subscriptionIds.set(subscription.name, id);
    for (const username of members) {
      const [user] = await tenantDb(db, appId)
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.appId, appId), eq(users.username, username)));
      if (user) await subscribeUser(db, { appId, userId: user.id, subscriptionId: id });
    }
  }
  for (const { fields, pickable = {}, later = {}, ...crop } of harvest.crops) {
    const { id: cropId } = await createCrop(db, {
      appId,
      ...crop,
      fieldIds: fields.map((name) => fieldIds.get(name)!),
    });
    const rows = [
      ...Object.entries(pickable).map(([name, amount]) => [name, amount, true] as const),
      ...Object.entries(later).map(([name, amount]) => [name, amount, false] as const),
    ];
    for (const [name, amountPerShare, isPickable] of rows) {
      await setPluk(db, {
        appId,
        cropId,
        subscriptionId: subscriptionIds.get(name)!,
        isPickable,
        amountPerShare,
      });
    }
  }
}

export const plukhoeveHarvest: DemoHarvest = {
  fields: [
    { name: 'Groot veld', description: 'Achter de schuur, langs het wandelpad.' },
    { name: 'Serre', description: 'De grote serre naast de parking.' },
    { name: 'Bloemenstrook', description: 'Langs de beek, achteraan het groot veld.' },
  ],
  subscriptions: [
    {
      name: 'Groenteabonnement',
      description: 'Het hele seizoen groenten en kruiden zelf oogsten.',
      adultPriceCents: 18_500,
      childPriceCents: 6_000,
      requiredCredits: 6,
      isOpenForRegistration: true,
      members: ['lid', 'jef', 'marie'],
    },
    {
      name: 'Bloemenabonnement',
      description: 'Elke week een boeket zelf plukken van juni tot oktober.',
      adultPriceCents: 4_500,
      childPriceCents: 0,
      requiredCredits: 2,
      isOpenForRegistration: true,
      members: ['lid'],
    },
    {
      name: 'Fruitabonnement',
      description: 'Aardbeien, frambozen en bessen in het seizoen.',
      adultPriceCents: 6_000,
      childPriceCents: 2_500,
      requiredCredits: 2,
      isOpenForRegistration: false,
      members: ['marie'],
    },
  ],
  crops: [
    {
      name: 'Sla',
      unit: 'krop',
      hint: 'Snij de krop net boven de grond.',
      howToHarvest: 'Snij de krop met een mes net boven de grond; laat de wortel zitten.',
      description: 'Botersla en eikenbladsla, in rijen naast elkaar.',
      fields: ['Groot veld'],
      pickable: { Groenteabonnement: '2 kroppen per week' },
    },
    {
      name: 'Courgette',
      unit: 'stuk',
      hint: 'Pluk ze zo groot als een komkommer.',
      howToHarvest: 'Draai de vrucht voorzichtig los of snij de steel door. Kijk goed onder de bladeren.',
      description: 'Groene en gele courgettes.',
      fields: ['Groot veld'],
      pickable: { Groenteabonnement: '3 per week' },
    },
    {
      name: 'Tomaat',
      unit: 'kg',
      hint: 'Alleen de helemaal rode.',
      howToHarvest: 'Pluk met het kroontje eraan; laat groene tomaten hangen.',
      description: 'Trostomaten en kerstomaten in de serre.',
      fields: ['Serre'],
      pickable: { Groenteabonnement: '1 kg per week' },
    },
    {
      name: 'Basilicum',
      unit: 'bosje',
      hint: 'Knip de toppen, niet de hele plant.',
      howToHarvest: 'Knip de bovenste blaadjes net boven een bladpaar; zo groeit de plant verder.',
      description: 'Groene en paarse basilicum.',
      fields: ['Serre'],
      pickable: { Groenteabonnement: '1 bosje per week' },
    },
    {
      name: 'Wortel',
      unit: 'bos',
      hint: 'Trek recht omhoog bij het loof.',
      howToHarvest: 'Maak de grond los met een riek en trek de wortel aan het loof naar boven.',
      description: 'Oranje en paarse wortelen.',
      fields: ['Groot veld'],
      later: { Groenteabonnement: '1 bos per week' },
    },
    {
      name: 'Pompoen',
      unit: 'stuk',
      hint: 'Pas in de herfst.',
      howToHarvest: 'Snij de steel door zodra die verhout is.',
      description: 'Butternut en potimarron.',
      fields: ['Groot veld'],
      later: { Groenteabonnement: '1 per gezin' },
    },
    {
      name: 'Zonnebloem',
      unit: 'stuk',
      hint: 'Knip met een lange steel.',
      howToHarvest: 'Knip de steel schuin af, zo lang mogelijk; zet ze meteen in water.',
      description: 'Hoge zonnebloemen langs de beek.',
      fields: ['Bloemenstrook'],
      pickable: { Bloemenabonnement: '5 stelen per week' },
    },
    {
      name: 'Aardbei',
      unit: 'bakje',
      hint: 'Alleen de rode, met het groene kroontje.',
      howToHarvest: 'Knijp de steel door tussen duim en wijsvinger; trek niet aan de vrucht.',
      description: 'Doordragende aardbeien.',
      fields: ['Serre'],
      pickable: { Fruitabonnement: '1 bakje per week' },
    },
  ],
};

export const hetVeldHarvest: DemoHarvest = {
  fields: [
    { name: 'Moestuin', description: 'De gemeenschappelijke moestuin.' },
    { name: 'Boomgaard', description: 'Hoogstam appels en peren.' },
  ],
  subscriptions: [
    {
      name: 'Oogstaandeel',
      description: 'Een aandeel in de oogst van de coöperatie.',
      adultPriceCents: 22_000,
      childPriceCents: 7_500,
      requiredCredits: 8,
      isOpenForRegistration: true,
      members: ['lid'],
    },
    {
      name: 'Fruitaandeel',
      description: 'Appels en peren uit de boomgaard.',
      adultPriceCents: 5_000,
      childPriceCents: 2_000,
      requiredCredits: 0,
      isOpenForRegistration: true,
      members: [],
    },
  ],
  crops: [
    {
      name: 'Spinazie',
      unit: 'zak',
      hint: 'Pluk de buitenste bladeren.',
      howToHarvest: 'Pluk blad per blad van buiten naar binnen; het hart groeit verder.',
      description: 'Zomerspinazie.',
      fields: ['Moestuin'],
      pickable: { Oogstaandeel: '1 zak per week' },
    },
    {
      name: 'Boon',
      unit: 'kg',
      hint: 'Jong en knapperig plukken.',
      howToHarvest: 'Houd de stengel vast en knip de peul af.',
      description: 'Stokbonen langs de bonenstaken.',
      fields: ['Moestuin'],
      pickable: { Oogstaandeel: '500 g per week' },
    },
    {
      name: 'Appel',
      unit: 'kg',
      hint: 'Draai, niet trekken.',
      howToHarvest: 'Til de appel op en draai hem; een rijpe appel laat vanzelf los.',
      description: 'Jonagold en Elstar.',
      fields: ['Boomgaard'],
      later: { Fruitaandeel: '2 kg per week' },
    },
  ],
};
