import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { media, productPhotos, productReservations, products, users } from '../db/schema/index.js';
import { writeMediaFile } from '../modules/media/storage.js';
import { memberWalletId, moveMoney } from '../modules/wallet/ledger.js';
import { demoFieldPng } from './demo-posts.js';
import { tableExists } from './table-exists.js';

/** One demo offer: whose it is, what, and (optionally) a photo drawn in code. */
export interface DemoOffer {
  owner: string;
  title: string;
  description: string;
  priceCents: number;
  quantity: number;
  unit: string;
  pickupInfo: string;
  photo?: boolean;
  daysAgo: number;
}

/** A demo reservation: who takes how much of which offer (by title), and whether it was already paid. */
export interface DemoReservation {
  taker: string;
  offer: string;
  quantity: number;
  paid?: boolean;
}

export interface DemoMarket {
  offers: DemoOffer[];
  reservations: DemoReservation[];
}

const day = 24 * 60 * 60 * 1000;

/** De Plukhoeve's market: four members and the farm offer things, free and priced. */
export const plukhoeveMarket: DemoMarket = {
  offers: [
    {
      owner: 'jef',
      title: 'Aardbeienconfituur',
      description: 'Zelfgemaakt met aardbeien van het veld, zonder bewaarmiddelen.',
      priceCents: 350,
      quantity: 6,
      unit: 'potten',
      pickupInfo: 'Aan de schuur, op zaterdag tussen 10 en 12 uur.',
      photo: true,
      daysAgo: 1,
    },
    {
      owner: 'lid',
      title: 'Courgettes uit mijn moestuin',
      description: 'Te veel courgettes: neem gerust mee.',
      priceCents: 0,
      quantity: 8,
      unit: 'stuks',
      pickupInfo: 'Kerkstraat 5, in de bak aan de voordeur.',
      daysAgo: 2,
    },
    {
      owner: 'marie',
      title: 'Verse eieren',
      description: 'Van onze eigen kippen, elke ochtend geraapt.',
      priceCents: 30,
      quantity: 24,
      unit: 'stuks',
      pickupInfo: 'Bij de ingang van het veld, in de koelbox.',
      daysAgo: 3,
    },
    {
      owner: 'beheerder',
      title: 'Groentepakket van de hoeve',
      description: 'Een mand met wat het veld deze week geeft.',
      priceCents: 1250,
      quantity: 10,
      unit: 'manden',
      pickupInfo: 'Op vrijdag in de hoevewinkel.',
      daysAgo: 4,
    },
    {
      owner: 'marie',
      title: 'Pompoenpitten om te zaaien',
      description: 'Van de oranje pompoenen van vorig jaar.',
      priceCents: 0,
      quantity: 20,
      unit: 'zakjes',
      pickupInfo: 'Vraag ernaar aan de schuur.',
      daysAgo: 6,
    },
  ],
  reservations: [
    { taker: 'lid', offer: 'Aardbeienconfituur', quantity: 2 },
    { taker: 'jef', offer: 'Verse eieren', quantity: 6, paid: true },
    { taker: 'jef', offer: 'Courgettes uit mijn moestuin', quantity: 3 },
    // The demo `beheerder` has a waiting paid reservation to confirm, as `lid` has a free one.
    { taker: 'marie', offer: 'Groentepakket van de hoeve', quantity: 1 },
  ],
};

/** Coöperatie Het Veld's market: its own people and things, nothing shared with De Plukhoeve. */
export const hetVeldMarket: DemoMarket = {
  offers: [
    {
      owner: 'beheerder',
      title: 'Bijenhoning',
      description: 'Van de kasten achter de boomgaard.',
      priceCents: 600,
      quantity: 10,
      unit: 'potten',
      pickupInfo: 'In het gereedschapshok, op woensdagavond.',
      photo: true,
      daysAgo: 1,
    },
    {
      owner: 'lid',
      title: 'Rabarber',
      description: 'Een hele bos, gratis af te halen.',
      priceCents: 0,
      quantity: 5,
      unit: 'bossen',
      pickupInfo: 'Aan het hek van perceel 7.',
      daysAgo: 2,
    },
    {
      owner: 'admin',
      title: 'Zaden van oude rassen',
      description: 'Tomaten, bonen en erwten die we zelf vermeerderen.',
      priceCents: 150,
      quantity: 15,
      unit: 'zakjes',
      pickupInfo: 'Op de ledenvergadering of in de kantine.',
      daysAgo: 5,
    },
  ],
  reservations: [
    { taker: 'lid', offer: 'Bijenhoning', quantity: 1 },
    { taker: 'beheerder', offer: 'Zaden van oude rassen', quantity: 2, paid: true },
  ],
};

/**
 * A farm's demo market, after the wallet seed (`demo-wallet-requests.ts`) made every member trade and
 * gave them a welcome donation: the offers are put up (one with a photo drawn in code when `dataDir` is
 * known), a few reservations are made and the paid ones move their price through the ledger. The demo
 * `lid` only has waiting reservations, so their wallet shows just the welcome. Called once, inside the
 * demo seeding transaction.
 */
export async function seedDemoMarket(
  db: Database,
  appId: string,
  market: DemoMarket,
  options: { dataDir?: string } = {},
): Promise<void> {
  const tx = db as unknown as Transaction;
  const farm = tenantDb(db, appId);
  // The migration test of 0002 seeds a database of before migration 0005 (decision 058): no market yet.
  if (!(await tableExists(db, 'products'))) return;
  const usernames = [
    ...new Set([...market.offers.map((o) => o.owner), ...market.reservations.map((r) => r.taker)]),
  ];
  const people = await farm
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.appId, appId), inArray(users.username, usernames)));
  const idOf = (username: string) => {
    const person = people.find((p) => p.username === username);
    if (!person) throw new Error(`demo market: no user ${username} in ${appId}`);
    return person.id;
  };

  const offerIds = new Map<string, { id: number; ownerId: number; priceCents: number; unit: string }>();
  for (const offer of market.offers) {
    const ownerId = idOf(offer.owner);
    const createdAt = new Date(Date.now() - offer.daysAgo * day);
    const [row] = await farm
      .insert(products)
      .values({
        appId,
        ownerUserId: ownerId,
        title: offer.title,
        description: offer.description,
        priceCents: offer.priceCents,
        quantity: offer.quantity,
        unit: offer.unit,
        pickupInfo: offer.pickupInfo,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: products.id });
    if (!row) throw new Error('demo offer insert returned nothing');
    offerIds.set(offer.title, { id: row.id, ownerId, priceCents: offer.priceCents, unit: offer.unit });
    if (offer.photo && options.dataDir) {
      const data = demoFieldPng(160, 120);
      const storageKey = await writeMediaFile({ dataDir: options.dataDir }, appId, data);
      const [photo] = await farm
        .insert(media)
        .values({
          appId,
          storageKey,
          fileName: `${offer.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`,
          mime: 'image/png',
          size: data.length,
          kind: 'image',
          uploadedByUserId: ownerId,
        })
        .returning({ id: media.id });
      if (photo) {
        await farm.insert(productPhotos).values({ appId, productId: row.id, mediaId: photo.id, position: 0 });
      }
    }
  }

  for (const reservation of market.reservations) {
    const offer = offerIds.get(reservation.offer);
    if (!offer) throw new Error(`demo market: no offer ${reservation.offer}`);
    const takerId = idOf(reservation.taker);
    const totalCents = offer.priceCents * reservation.quantity;
    const [row] = await farm
      .insert(productReservations)
      .values({
        appId,
        productId: offer.id,
        userId: takerId,
        quantity: reservation.quantity,
        unitPriceCents: offer.priceCents,
        totalCents,
        status: reservation.paid ? 'paid' : 'reserved',
        handledAt: reservation.paid ? new Date() : null,
      })
      .returning({ id: productReservations.id });
    // What is taken of the offer is stored on it, as the market service keeps it (ADR 070).
    await farm
      .update(products)
      .set({ takenQuantity: sql`${products.takenQuantity} + ${reservation.quantity}` })
      .where(eq(products.id, offer.id));
    if (!row || !reservation.paid || totalCents === 0) continue;
    await moveMoney(tx, {
      appId,
      fromWalletId: await memberWalletId(tx, appId, takerId),
      toWalletId: await memberWalletId(tx, appId, offer.ownerId),
      amountCents: totalCents,
      kind: 'purchase',
      description: `${reservation.offer} (${reservation.quantity}${offer.unit ? ` ${offer.unit}` : ''})`,
      idempotencyKey: `purchase:${row.id}`,
      reservationId: row.id,
      createdByUserId: offer.ownerId,
    });
  }
}
