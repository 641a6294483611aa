import { sql } from 'drizzle-orm';
import type { ManagedUser, Role } from '@pluk/contract';
import { householdMembers, households, users } from '../../db/schema/index.js';
import { rolesOf } from '../user/account.js';

export const managedUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  roles: rolesOf(users.id),
  isApproved: users.isApproved,
  isActive: users.isActive,
  householdSize: sql<number>`greatest(1, (select count(*) from ${householdMembers} join ${households} on ${households.id} = ${householdMembers.householdId} where ${households.holderUserId} = ${users.id}))::int`,
  customQuestionAnswer: users.customQuestionAnswer,
  createdAt: users.createdAt,
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
}

/** A user as managers see it (users list, waiting list). */
export function presentManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    ...row,
    householdSize: Number(row.householdSize),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
