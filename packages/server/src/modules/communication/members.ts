import { and, asc, ilike, or } from 'drizzle-orm';
import type { MailableMember } from '@pluk/contract';
import { communicationLimits } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { likePattern } from '../../lib/like-pattern.js';
import { mailableMembers } from '../../mail/recipients.js';

/** The members a manager can choose as recipients, by name or username (the picker). */
export async function searchMembers(db: Database, appId: string, search: string): Promise<MailableMember[]> {
  const pattern = likePattern(search);
  const rows = await tenantDb(db, appId)
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      receiveEmails: users.receiveEmails,
    })
    .from(users)
    .where(
      and(
        mailableMembers(appId),
        search
          ? or(
              ilike(users.firstName, pattern),
              ilike(users.lastName, pattern),
              ilike(users.username, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(communicationLimits.membersMax);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    receiveEmails: r.receiveEmails,
  }));
}
