import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { users } from '../db/schema/index.js';

/**
 * The members an e-mail to "the members" reaches (a post's e-mail round, a manager's mailing): approved,
 * active, not anonymized. `receiveEmails` leaves out who asked for no e-mails; without it the condition
 * counts them too (how many the audience has who opted out).
 */
export function mailableMembers(appId: string, options: { receiveEmails?: boolean } = {}): SQL {
  return and(
    eq(users.appId, appId),
    eq(users.isApproved, true),
    eq(users.isActive, true),
    isNull(users.anonymizedAt),
    ...(options.receiveEmails === undefined ? [] : [eq(users.receiveEmails, options.receiveEmails)]),
  )!;
}
