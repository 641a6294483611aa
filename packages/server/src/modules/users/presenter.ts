import { sql } from 'drizzle-orm';
import type { ManagedUser, Role } from '@pluk/contract';
import { users } from '../../db/schema/index.js';
import { pendingEmailSubquery } from '../auth/email-change.js';
import { userRolesSubquery } from '../user/account.js';

export const managedUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  roles: userRolesSubquery,
  isApproved: users.isApproved,
  isActive: users.isActive,
  householdSize: sql<number>`greatest(1, (select count(*) from household_members hm join households h on h.app_id = hm.app_id and h.id = hm.household_id where h.app_id = "users"."app_id" and h.holder_user_id = "users"."id"))::int`,
  customQuestionAnswer: users.customQuestionAnswer,
  createdAt: users.createdAt,
  lastSeenAt: users.lastSeenAt,
  pendingEmail: pendingEmailSubquery,
};

export interface ManagedUserRow {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  roles: Role[];
  isApproved: boolean;
  isActive: boolean;
  householdSize: number;
  customQuestionAnswer: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  pendingEmail: string | null;
}

/** A user as managers see it (users list, waiting list). */
export function presentManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    ...row,
    householdSize: Number(row.householdSize),
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
  };
}
