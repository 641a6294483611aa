import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, householdMembers, households, users } from '../../../db/schema/index.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { subscriptionNamesOf } from '../../subscription/service.js';
import { dayFormat, euroFormat, euros, momentCell, newSheet, safeText, xlsxBuffer } from './spreadsheet.js';
import type { SpreadsheetFile } from './transactions.js';

const columns = [
  { header: 'Nr', key: 'id', width: 8 },
  { header: 'Voornaam', key: 'firstName', width: 16 },
  { header: 'Achternaam', key: 'lastName', width: 20 },
  { header: 'E-mail', key: 'email', width: 30 },
  { header: 'Telefoon', key: 'phone', width: 16 },
  { header: 'Straat', key: 'street', width: 24 },
  { header: 'Nummer', key: 'houseNumber', width: 8 },
  { header: 'Postcode', key: 'postalCode', width: 9 },
  { header: 'Gemeente', key: 'city', width: 18 },
  { header: 'Actief', key: 'active', width: 8 },
  { header: 'Volwassenen', key: 'adults', width: 12 },
  { header: 'Kinderen', key: 'children', width: 10 },
  { header: 'Gezin', key: 'household', width: 36 },
  { header: 'Abonnementen', key: 'subscriptions', width: 28 },
  { header: 'Betaald', key: 'hasPaid', width: 9 },
  { header: 'Te betalen', key: 'openAmount', width: 12, style: { numFmt: euroFormat } },
  { header: 'Betaald bedrag', key: 'paidAmount', width: 14, style: { numFmt: euroFormat } },
  { header: 'Lid sinds', key: 'memberSince', width: 12, style: { numFmt: dayFormat } },
];

const yesNo = (value: boolean) => (value ? 'ja' : 'nee');

/**
 * The farm's approved members (active or not), by name: contact data, household (adults, children, the
 * names), the subscriptions and the payment of the current harvest year — `has_paid` and what their
 * transactions of this year still ask and brought in.
 */
export async function usersExport(db: Database, appId: string): Promise<SpreadsheetFile> {
  const { year } = await currentHarvestYear(db, appId);
  const farm = tenantDb(db, appId);
  const members = await farm
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      street: users.street,
      houseNumber: users.houseNumber,
      postalCode: users.postalCode,
      city: users.city,
      isActive: users.isActive,
      hasPaid: users.hasPaid,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isApproved, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const people = await farm
    .select({
      userId: households.holderUserId,
      name: householdMembers.name,
      isAdult: householdMembers.isAdult,
    })
    .from(households)
    .innerJoin(householdMembers, eq(householdMembers.householdId, households.id))
    .where(eq(households.appId, appId))
    .orderBy(asc(households.holderUserId), asc(householdMembers.position), asc(householdMembers.id));
  const money = await farm
    .select({
      userId: bankTransactions.userId,
      openCents: sql<string>`coalesce(sum(${bankTransactions.amountCents}) filter (where ${bankTransactions.status} = 'open'), 0)::bigint`,
      paidCents: sql<string>`coalesce(sum(${bankTransactions.amountCents}) filter (where ${bankTransactions.status} = 'paid'), 0)::bigint`,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.harvestYear, year)))
    .groupBy(bankTransactions.userId);
  const names = await subscriptionNamesOf(
    db,
    appId,
    members.map((m) => m.id),
    year,
  );
  const householdOf = new Map<number, { adults: number; children: number; names: string[] }>();
  for (const person of people) {
    const entry = householdOf.get(person.userId) ?? { adults: 0, children: 0, names: [] };
    if (person.isAdult) entry.adults += 1;
    else entry.children += 1;
    entry.names.push(person.name);
    householdOf.set(person.userId, entry);
  }
  const moneyOf = new Map(money.map((row) => [row.userId, row]));

  const { workbook, sheet } = newSheet(`Leden ${year}`, columns);
  for (const member of members) {
    // A member without household rows counts as one adult, as the subscription prices do.
    const household = householdOf.get(member.id) ?? { adults: 1, children: 0, names: [] };
    const sums = moneyOf.get(member.id);
    sheet.addRow({
      id: member.id,
      firstName: safeText(member.firstName),
      lastName: safeText(member.lastName),
      email: safeText(member.email),
      phone: safeText(member.phone),
      street: safeText(member.street),
      houseNumber: safeText(member.houseNumber),
      postalCode: safeText(member.postalCode),
      city: safeText(member.city),
      active: yesNo(member.isActive),
      adults: household.adults,
      children: household.children,
      household: safeText(household.names.join(', ')),
      subscriptions: safeText((names.get(member.id) ?? []).join(', ')),
      hasPaid: yesNo(member.hasPaid),
      openAmount: euros(Number(sums?.openCents ?? 0)),
      paidAmount: euros(Number(sums?.paidCents ?? 0)),
      memberSince: momentCell(member.createdAt),
    });
  }
  return { fileName: `leden-${year}.xlsx`, data: await xlsxBuffer(workbook) };
}
