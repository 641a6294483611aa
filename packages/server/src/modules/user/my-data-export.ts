import { zipSync, strToU8 } from 'fflate';
import { and, asc, eq, or } from 'drizzle-orm';
import { myDataSections, type MyDataSection } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import {
  bankTransactions,
  comments,
  eventAttendances,
  events,
  householdMembers,
  households,
  ledgerEntries,
  notifications,
  posts,
  refreshTokens,
  subscriptions,
  taskAssignments,
  tasks,
  userRoles,
  users,
  userSubscriptions,
  wallets,
} from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { addSheet, newWorkbook, safeText } from '../bank/exports/spreadsheet.js';
import { farmTimeZone } from '../harvest-year.js';

/** One row of a section: flat values only, so the JSON and the spreadsheet say the same. */
type Cell = string | number | boolean | null;
export type MyDataRow = Record<string, Cell>;
export type MyData = Record<MyDataSection, MyDataRow[]>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Everything the farm keeps about one member (decision 101), read through the farm's tenant scope and
 * always by the member's own id: what is about other people (the other party of a purchase, who
 * confirmed a chore) is left out, only what is the member's own stays. Money in cents, as stored.
 */
export async function collectMyData(db: Database, appId: string, userId: number): Promise<MyData> {
  const farm = tenantDb(db, appId);
  const [user] = await farm
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      street: users.street,
      houseNumber: users.houseNumber,
      postalCode: users.postalCode,
      city: users.city,
      isActive: users.isActive,
      isApproved: users.isApproved,
      isTransactionable: users.isTransactionable,
      hasPaid: users.hasPaid,
      showContactData: users.showContactData,
      receiveEmails: users.receiveEmails,
      customQuestionAnswer: users.customQuestionAnswer,
      lastSeenAt: users.lastSeenAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!user) throw new Error(`my data: no user ${userId} in ${appId}`);
  const roles = await farm
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.appId, appId), eq(userRoles.userId, userId)))
    .orderBy(asc(userRoles.role));

  const household = await farm
    .select({
      name: householdMembers.name,
      yearOfBirth: householdMembers.yearOfBirth,
      isAdult: householdMembers.isAdult,
      isHolder: householdMembers.isHolder,
    })
    .from(householdMembers)
    .innerJoin(households, eq(households.id, householdMembers.householdId))
    .where(and(eq(householdMembers.appId, appId), eq(households.holderUserId, userId)))
    .orderBy(asc(householdMembers.position), asc(householdMembers.id));

  const subscriptionRows = await farm
    .select({
      name: subscriptions.name,
      harvestYear: subscriptions.harvestYear,
      adultPriceCents: subscriptions.adultPriceCents,
      childPriceCents: subscriptions.childPriceCents,
      since: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(and(eq(userSubscriptions.appId, appId), eq(userSubscriptions.userId, userId)))
    .orderBy(asc(subscriptions.harvestYear), asc(userSubscriptions.id));

  const payments = await farm
    .select({
      description: bankTransactions.description,
      harvestYear: bankTransactions.harvestYear,
      amountCents: bankTransactions.amountCents,
      status: bankTransactions.status,
      dueDate: bankTransactions.dueDate,
      paidAt: bankTransactions.paidAt,
      paidVia: bankTransactions.paidVia,
      structuredReference: bankTransactions.structuredReference,
      createdAt: bankTransactions.createdAt,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.userId, userId)))
    .orderBy(asc(bankTransactions.createdAt), asc(bankTransactions.id));

  const [wallet] = await farm
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.appId, appId), eq(wallets.userId, userId)));
  const movements = wallet
    ? await farm
        .select({
          at: ledgerEntries.createdAt,
          kind: ledgerEntries.kind,
          description: ledgerEntries.description,
          amountCents: ledgerEntries.amountCents,
          toWalletId: ledgerEntries.toWalletId,
        })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.appId, appId),
            or(eq(ledgerEntries.fromWalletId, wallet.id), eq(ledgerEntries.toWalletId, wallet.id)),
          ),
        )
        .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    : [];

  const chores = await farm
    .select({
      title: tasks.title,
      location: tasks.location,
      startsAt: tasks.startsAt,
      endsAt: tasks.endsAt,
      status: taskAssignments.status,
      handledAt: taskAssignments.handledAt,
    })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(and(eq(taskAssignments.appId, appId), eq(taskAssignments.userId, userId)))
    .orderBy(asc(tasks.startsAt), asc(taskAssignments.id));

  const eventRows = await farm
    .select({
      title: events.title,
      location: events.location,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      guests: eventAttendances.guests,
      status: eventAttendances.status,
    })
    .from(eventAttendances)
    .innerJoin(events, eq(events.id, eventAttendances.eventId))
    .where(and(eq(eventAttendances.appId, appId), eq(eventAttendances.userId, userId)))
    .orderBy(asc(events.startsAt), asc(eventAttendances.id));

  const postRows = await farm
    .select({
      title: posts.title,
      body: posts.body,
      publishedAt: posts.publishedAt,
      isActive: posts.isActive,
    })
    .from(posts)
    .where(and(eq(posts.appId, appId), eq(posts.createdByUserId, userId)))
    .orderBy(asc(posts.publishedAt), asc(posts.id));

  const commentRows = await farm
    .select({
      subjectType: comments.subjectType,
      subjectId: comments.subjectId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
    })
    .from(comments)
    .where(and(eq(comments.appId, appId), eq(comments.userId, userId)))
    .orderBy(asc(comments.createdAt), asc(comments.id));

  const notificationRows = await farm
    .select({
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.appId, appId), eq(notifications.userId, userId)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

  // A log-in is a family of refresh tokens (ADR 013): started with the first, in use until the last.
  const tokens = await farm
    .select({
      familyId: refreshTokens.familyId,
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.appId, appId), eq(refreshTokens.userId, userId)))
    .orderBy(asc(refreshTokens.createdAt), asc(refreshTokens.id));
  const logins = new Map<string, MyDataRow>();
  for (const token of tokens) {
    const seen = logins.get(token.familyId);
    if (!seen) {
      logins.set(token.familyId, {
        signedInAt: iso(token.createdAt),
        lastRenewedAt: iso(token.createdAt),
        validUntil: iso(token.expiresAt),
        signedOutAt: iso(token.revokedAt),
      });
    } else {
      seen.lastRenewedAt = iso(token.createdAt);
      seen.validUntil = iso(token.expiresAt);
      seen.signedOutAt = iso(token.revokedAt) ?? seen.signedOutAt ?? null;
    }
  }

  return {
    profile: [
      {
        username: user.username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        street: user.street,
        houseNumber: user.houseNumber,
        postalCode: user.postalCode,
        city: user.city,
        roles: roles.map((r) => r.role).join(', '),
        isActive: user.isActive,
        isApproved: user.isApproved,
        isTransactionable: user.isTransactionable,
        hasPaid: user.hasPaid,
        showContactData: user.showContactData,
        receiveEmails: user.receiveEmails,
        customQuestionAnswer: user.customQuestionAnswer,
        lastSeenAt: iso(user.lastSeenAt),
        createdAt: iso(user.createdAt),
      },
    ],
    household: household.map((m) => ({ ...m })),
    subscriptions: subscriptionRows.map((s) => ({ ...s, since: iso(s.since) })),
    payments: payments.map((p) => ({ ...p, paidAt: iso(p.paidAt), createdAt: iso(p.createdAt) })),
    walletMovements: movements.map((m) => ({
      at: iso(m.at),
      kind: m.kind,
      description: m.description,
      direction: m.toWalletId === wallet?.id ? 'in' : 'out',
      amountCents: m.amountCents,
    })),
    chores: chores.map((c) => ({
      ...c,
      startsAt: iso(c.startsAt),
      endsAt: iso(c.endsAt),
      handledAt: iso(c.handledAt),
    })),
    events: eventRows.map((e) => ({ ...e, startsAt: iso(e.startsAt), endsAt: iso(e.endsAt) })),
    posts: postRows.map((p) => ({ ...p, publishedAt: iso(p.publishedAt) })),
    comments: commentRows.map((c) => ({ ...c, createdAt: iso(c.createdAt), editedAt: iso(c.editedAt) })),
    notifications: notificationRows.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
    logins: [...logins.values()],
  };
}

/** The spreadsheet's sheet per section. */
export const sheetNames: Record<MyDataSection, string> = {
  profile: 'Profiel',
  household: 'Gezin',
  subscriptions: 'Abonnementen',
  payments: 'Betalingen',
  walletMovements: 'Plukgeld',
  chores: 'Klusjes',
  events: 'Evenementen',
  posts: 'Berichten',
  comments: 'Reacties',
  notifications: 'Meldingen',
  logins: 'Aanmeldingen',
};

/** Readable column titles; a key without one keeps its own name. */
const columnTitles: Record<string, string> = {
  username: 'Gebruikersnaam',
  email: 'E-mailadres',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  phone: 'Telefoon',
  street: 'Straat',
  houseNumber: 'Huisnummer',
  postalCode: 'Postcode',
  city: 'Gemeente',
  roles: 'Rollen',
  isActive: 'Actief',
  isApproved: 'Goedgekeurd',
  isTransactionable: 'Handelt met plukgeld',
  hasPaid: 'Betaald',
  showContactData: 'Contactgegevens zichtbaar',
  receiveEmails: 'Ontvangt e-mails',
  customQuestionAnswer: 'Antwoord op de vraag van de boerderij',
  lastSeenAt: 'Laatst gezien',
  createdAt: 'Aangemaakt',
  name: 'Naam',
  yearOfBirth: 'Geboortejaar',
  isAdult: 'Volwassene',
  isHolder: 'Accounthouder',
  harvestYear: 'Oogstjaar',
  adultPriceCents: 'Prijs volwassene (cent)',
  childPriceCents: 'Prijs kind (cent)',
  since: 'Sinds',
  description: 'Omschrijving',
  amountCents: 'Bedrag (cent)',
  status: 'Status',
  dueDate: 'Te betalen vóór',
  paidAt: 'Betaald op',
  paidVia: 'Betaald via',
  structuredReference: 'Gestructureerde mededeling',
  at: 'Datum',
  kind: 'Soort',
  direction: 'In of uit',
  title: 'Titel',
  location: 'Plaats',
  startsAt: 'Begint',
  endsAt: 'Eindigt',
  handledAt: 'Afgehandeld op',
  guests: 'Gasten',
  body: 'Tekst',
  publishedAt: 'Gepubliceerd',
  subjectType: 'Bij',
  subjectId: 'Nummer',
  editedAt: 'Gewijzigd',
  link: 'Link',
  isRead: 'Gelezen',
  signedInAt: 'Aangemeld op',
  lastRenewedAt: 'Laatst verlengd',
  validUntil: 'Geldig tot',
  signedOutAt: 'Afgemeld op',
};

const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/**
 * A readable cell: times on the farm's clock, yes/no for true/false, and typed text made safe like
 * every other export's (`safeText`: a post or comment starting with `=` is never read as a formula).
 */
function readable(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (typeof value === 'string' && isoPattern.test(value)) {
    return new Intl.DateTimeFormat('nl-BE', {
      timeZone: farmTimeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(value));
  }
  return typeof value === 'string' ? safeText(value) : value;
}

async function spreadsheet(data: MyData): Promise<Uint8Array> {
  const book = newWorkbook();
  for (const section of myDataSections) {
    const rows = data[section];
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    if (keys.length === 0) {
      book.addWorksheet(sheetNames[section]).addRow(['Niets bewaard']);
      continue;
    }
    const columns = keys.map((key) => ({ header: columnTitles[key] ?? key, key, width: 22 }));
    const sheet = addSheet(book, sheetNames[section], columns);
    for (const row of rows) sheet.addRow(keys.map((key) => readable(row[key] ?? null)));
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const readme = (farmName: string, at: Date) =>
  [
    `Je gegevens bij ${farmName}, klaargemaakt op ${at.toISOString()}.`,
    '',
    'mijn-gegevens.json: alles, leesbaar voor een computer (artikel 20 AVG: overdraagbaarheid).',
    'mijn-gegevens.xlsx: hetzelfde als rekenblad, één tabblad per onderdeel.',
    '',
    'Onderdelen: profiel, gezin, abonnementen, betalingen, plukgeld, klusjes, evenementen, berichten,',
    'reacties, meldingen en aanmeldingen. Bedragen staan in cent.',
    '',
  ].join('\r\n');

/** The ZIP the member downloads: the JSON, the spreadsheet and a short read-me. */
export async function buildMyDataZip(data: MyData, farmName: string, at = new Date()): Promise<Buffer> {
  const json = JSON.stringify({ farm: farmName, exportedAt: at.toISOString(), ...data }, null, 2);
  const zip = zipSync(
    {
      'mijn-gegevens.json': strToU8(json),
      'mijn-gegevens.xlsx': [await spreadsheet(data), { level: 0 }],
      'LEESMIJ.txt': strToU8(readme(farmName, at)),
    },
    { level: 6, mtime: at },
  );
  return Buffer.from(zip);
}
