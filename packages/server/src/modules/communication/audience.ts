import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CommunicationOptions, MailingAudience, MailingRecipientCount } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { subscriptions, userRoles, userSubscriptions, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { notFound } from '../../lib/http-error.js';
import { mailableMembers } from '../../mail/recipients.js';
import { smtpSourceOf } from './templates.js';

/** Who an audience is among the farm's users, and its name in words (kept with the mailing). */
export async function audienceOf(
  db: Database | Transaction,
  appId: string,
  audience: MailingAudience,
): Promise<{ where: SQL | undefined; label: string }> {
  const farm = tenantDb(db, appId);
  switch (audience.kind) {
    case 'all':
      return { where: undefined, label: 'Alle leden' };
    case 'subscription': {
      const [subscription] = await farm
        .select({ name: subscriptions.name, harvestYear: subscriptions.harvestYear })
        .from(subscriptions)
        .where(and(eq(subscriptions.appId, appId), eq(subscriptions.id, audience.subscriptionId)));
      if (!subscription) throw notFound();
      const holders = farm
        .select({ id: userSubscriptions.userId })
        .from(userSubscriptions)
        .where(
          and(
            eq(userSubscriptions.appId, appId),
            eq(userSubscriptions.subscriptionId, audience.subscriptionId),
          ),
        );
      return {
        where: inArray(users.id, holders),
        label: `Abonnement ${subscription.name} (${subscription.harvestYear})`,
      };
    }
    case 'role': {
      const holders = farm
        .select({ id: userRoles.userId })
        .from(userRoles)
        .where(and(eq(userRoles.appId, appId), eq(userRoles.role, audience.role)));
      return { where: inArray(users.id, holders), label: `Rol ${audience.role}` };
    }
    case 'users': {
      const ids = [...new Set(audience.userIds)];
      return {
        where: inArray(users.id, ids),
        label: ids.length === 1 ? '1 gekozen lid' : `${ids.length} gekozen leden`,
      };
    }
  }
}

/** The members a mailing to this audience goes to now: those who want e-mails, by id. */
export async function recipientsOf(db: Transaction, appId: string, where: SQL | undefined) {
  return tenantDb(db, appId)
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(mailableMembers(appId, { receiveEmails: true }), where))
    .orderBy(users.id);
}

/** "Ontvangers: N" before sending, and how many of the audience asked for no e-mails (left out). */
export async function countRecipients(
  db: Database,
  appId: string,
  audience: MailingAudience,
): Promise<MailingRecipientCount> {
  const { where } = await audienceOf(db, appId, audience);
  const rows = await tenantDb(db, appId)
    .select({ receiveEmails: users.receiveEmails, count: count() })
    .from(users)
    .where(and(mailableMembers(appId), where))
    .groupBy(users.receiveEmails);
  const of = (value: boolean) => Number(rows.find((r) => r.receiveEmails === value)?.count ?? 0);
  return { recipients: of(true), optedOut: of(false) };
}

/** The compose form's choices: every subscription of the farm (newest year first) and the SMTP source. */
export async function composeOptions(app: FastifyInstance, appId: string): Promise<CommunicationOptions> {
  const rows = await tenantDb(app.db, appId)
    .select({ id: subscriptions.id, name: subscriptions.name, harvestYear: subscriptions.harvestYear })
    .from(subscriptions)
    .where(eq(subscriptions.appId, appId))
    .orderBy(desc(subscriptions.harvestYear), asc(subscriptions.name), asc(subscriptions.id))
    .limit(200);
  return { smtpSource: await smtpSourceOf(app, appId), subscriptions: rows };
}
