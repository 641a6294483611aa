import { and, eq, sql } from 'drizzle-orm';
import type { Account, ContactData, HouseholdMember, Role } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { tenantDb } from '../../db/tenant.js';
import { userAvatars, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-error.js';
import { pendingEmailSubquery } from '../auth/email-change.js';

/**
 * Roles of the `users` row as a sub-select, so one query loads a user with its roles. Written with
 * qualified names: Drizzle leaves columns unqualified in single-table selects.
 */
export const userRolesSubquery = sql<
  Role[]
>`coalesce(array(select ur.role from user_roles ur where ur.app_id = "users"."app_id" and ur.user_id = "users"."id" order by ur.role), '{}')`;

export const accountColumns = {
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
  isApproved: users.isApproved,
  isActive: users.isActive,
  isTransactionable: users.isTransactionable,
  hasPaid: users.hasPaid,
  showContactData: users.showContactData,
  receiveEmails: users.receiveEmails,
  customQuestionAnswer: users.customQuestionAnswer,
  createdAt: users.createdAt,
  roles: userRolesSubquery,
  avatarUpdatedAt: userAvatars.updatedAt,
  pendingEmail: pendingEmailSubquery,
};

/**
 * The household in the same query as the account (GET User is the busiest call): its id and members,
 * holder first, as JSON built by the database.
 */
const householdColumns = {
  householdId: sql<
    number | null
  >`(select h.id from households h where h.app_id = "users"."app_id" and h.holder_user_id = "users"."id")`,
  householdMembers: sql<HouseholdMember[]>`coalesce((
    select json_agg(json_build_object('id', hm.id, 'name', hm.name, 'yearOfBirth', hm.year_of_birth,
      'isAdult', hm.is_adult, 'isHolder', hm.is_holder) order by hm.position, hm.id)
    from household_members hm join households h on h.app_id = hm.app_id and h.id = hm.household_id
    where h.app_id = "users"."app_id" and h.holder_user_id = "users"."id"), '[]'::json)`,
};

type ContactRow = Pick<
  AccountRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'street' | 'houseNumber' | 'postalCode' | 'city'
>;

export function presentContactData(row: ContactRow): ContactData {
  return {
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: { street: row.street, number: row.houseNumber, postalCode: row.postalCode, city: row.city },
  };
}

export interface AccountRow {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  isApproved: boolean;
  isActive: boolean;
  isTransactionable: boolean;
  hasPaid: boolean;
  showContactData: boolean;
  receiveEmails: boolean;
  customQuestionAnswer: string | null;
  createdAt: Date;
  roles: Role[];
  avatarUpdatedAt: Date | null;
  pendingEmail: string | null;
}

/** json columns arrive parsed from both drivers; a string (driver without a json parser) is parsed here. */
function parseJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** GET User's query, built once per app (the busiest call, ADR 046). */
const accountQuery = preparedQuery((db, appId: string) =>
  tenantDb(db, appId)
    .select({ ...accountColumns, ...householdColumns })
    .from(users)
    .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.appId, appId)))
    .prepare('account'),
);

/** The account as `GET User` shows it: the one place that shapes it. */
export async function loadAccount(
  db: Database,
  appId: string,
  userId: number,
  impersonatedBy: number | null,
): Promise<Account> {
  const [row] = await accountQuery(db, appId, { userId });
  if (!row) throw notFound();
  const memberShip = { id: row.householdId ?? 0, members: parseJson(row.householdMembers) };
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: row.roles,
    isApproved: row.isApproved,
    isActive: row.isActive,
    isTransactionable: row.isTransactionable,
    hasPaid: row.hasPaid,
    hasAvatar: row.avatarUpdatedAt !== null,
    avatarVersion: row.avatarUpdatedAt ? String(new Date(row.avatarUpdatedAt).getTime()) : null,
    memberShip,
    contactData: presentContactData(row),
    privacy: { showContactData: row.showContactData, receiveEmails: row.receiveEmails },
    customQuestionAnswer: row.customQuestionAnswer,
    createdAt: new Date(row.createdAt).toISOString(),
    impersonatedBy,
    pendingEmail: row.pendingEmail,
  };
}
