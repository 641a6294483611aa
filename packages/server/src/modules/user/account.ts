import { and, eq, sql } from 'drizzle-orm';
import type { Account, ContactData, Role } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { userAvatars, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/http-error.js';
import { loadHousehold } from './household.js';

/**
 * Roles of the `users` row as a sub-select, so one query loads a user with its roles. Written with
 * qualified names: Drizzle leaves columns unqualified in single-table selects.
 */
export const userRolesSubquery = sql<
  Role[]
>`coalesce(array(select ur.role from user_roles ur where ur.user_id = "users"."id" order by ur.role), '{}')`;

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
}

/** The account as `GET User` shows it: the one place that shapes it. */
export async function loadAccount(
  db: Database,
  appId: string,
  userId: number,
  impersonatedBy: number | null,
): Promise<Account> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.appId, appId)));
  if (!row) throw notFound();
  const memberShip = await loadHousehold(db, appId, userId);
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
  };
}
