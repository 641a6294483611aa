import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PlukMailPreview, PlukMailRecipient, PlukMailRound, PlukMailRoundDetail } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import {
  crops,
  jobs,
  plukAvailability,
  plukMailRounds,
  subscriptions,
  userSubscriptions,
  users,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueue } from '../../jobs/queue.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { mailJob } from '../../mail/mail-job.js';
import { defaultTemplates, render } from '../../mail/templates.js';
import type { Tenant } from '../../types.js';
import { farmDateOf } from '../harvest-year.js';

type Db = Database | Transaction;

interface PlukLine {
  name: string;
  amountPerShare: string;
  unit: string;
}

interface MailPlan {
  subscriptions: { id: number; name: string; crops: PlukLine[]; recipients: number }[];
  recipients: { id: number; email: string; firstName: string; lastName: string; subscriptionIds: number[] }[];
}

const roundGroupKey = (roundId: number) => `pluk-mail:${roundId}`;

/** The Monday of this week on the farm's clock (YYYY-MM-DD): the pluk mail is weekly. */
export function farmWeekOf(moment: Date): string {
  const { year, month, day } = farmDateOf(moment);
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Who gets the pluk mail of these subscriptions (approved, active members who receive e-mails, one
 * e-mail each) and what each subscription's members may pick now. Unknown ids (another farm's) are 404.
 */
async function planOf(db: Db, appId: string, subscriptionIds: readonly number[]): Promise<MailPlan> {
  const ids = [...new Set(subscriptionIds)];
  const farm = tenantDb(db, appId);
  const subs = await farm
    .select({ id: subscriptions.id, name: subscriptions.name })
    .from(subscriptions)
    .where(and(eq(subscriptions.appId, appId), inArray(subscriptions.id, ids)))
    .orderBy(asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id));
  if (subs.length !== ids.length) throw notFound();
  const lines = await farm
    .select({
      subscriptionId: plukAvailability.subscriptionId,
      name: crops.name,
      unit: crops.unit,
      amountPerShare: plukAvailability.amountPerShare,
    })
    .from(plukAvailability)
    .innerJoin(crops, eq(crops.id, plukAvailability.cropId))
    .where(
      and(
        eq(plukAvailability.appId, appId),
        inArray(plukAvailability.subscriptionId, ids),
        eq(plukAvailability.isPickable, true),
        eq(crops.isActive, true),
      ),
    )
    .orderBy(asc(sql`lower(${crops.name})`), asc(crops.id));
  const members = await farm
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      subscriptionId: userSubscriptions.subscriptionId,
    })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(
      and(
        eq(userSubscriptions.appId, appId),
        inArray(userSubscriptions.subscriptionId, ids),
        eq(users.isApproved, true),
        eq(users.isActive, true),
        eq(users.receiveEmails, true),
      ),
    )
    .orderBy(asc(users.id));
  const recipients = new Map<number, MailPlan['recipients'][number]>();
  for (const m of members) {
    const known = recipients.get(m.id);
    if (known) known.subscriptionIds.push(m.subscriptionId);
    else recipients.set(m.id, { ...m, subscriptionIds: [m.subscriptionId] });
  }
  return {
    subscriptions: subs.map((s) => ({
      ...s,
      crops: lines.filter((l) => l.subscriptionId === s.id).map(({ subscriptionId: _id, ...line }) => line),
      recipients: members.filter((m) => m.subscriptionId === s.id).length,
    })),
    recipients: [...recipients.values()],
  };
}

/** The list of one member's e-mail: per subscription of theirs, what they may pick and how much. */
function plukTextOf(plan: MailPlan, subscriptionIds: readonly number[]): string {
  return plan.subscriptions
    .filter((s) => subscriptionIds.includes(s.id))
    .map((s) => {
      const lines =
        s.crops.length === 0
          ? ['- Nu valt er niets te plukken.']
          : s.crops.map((c) => `- ${c.name}${c.amountPerShare ? `: ${c.amountPerShare}` : ''}`);
      return [`${s.name}:`, ...lines].join('\n');
    })
    .join('\n\n');
}

export async function plukMailPreview(
  app: FastifyInstance,
  tenant: Tenant,
  subscriptionIds: readonly number[],
): Promise<PlukMailPreview> {
  const plan = await planOf(app.db, tenant.appId, subscriptionIds);
  const first = plan.recipients[0];
  const values = (recipient: { firstName: string }, plukText: string, plukUrl: string) => ({
    appName: tenant.name,
    firstName: recipient.firstName,
    plukText,
    plukUrl,
  });
  const plukUrl = `${await publicUrlOf(app, tenant.appId)}/pluk`;
  const template = defaultTemplates.pluk;
  return {
    recipients: plan.recipients.length,
    subject: render(template.subject, { appName: tenant.name }),
    subscriptions: plan.subscriptions.map((s) => ({
      subscriptionId: s.id,
      subscriptionName: s.name,
      recipients: s.recipients,
      crops: s.crops,
    })),
    exampleText: first
      ? render(template.body, values(first, plukTextOf(plan, first.subscriptionIds), plukUrl), {
          multiline: true,
        })
      : null,
  };
}

/**
 * Starts a round: one mail job per recipient, queued in the transaction that records the round. The
 * manager's idempotency key names the round (the same key answers the same round, queueing nothing);
 * each job's key is the week, the member and what the e-mail says, so a second click — even with a new
 * key — mails nobody the same list twice in a week (ADR 048, decision 074).
 */
export async function generatePlukMails(
  app: FastifyInstance,
  tenant: Tenant,
  body: { subscriptionIds: number[]; idempotencyKey: string },
  now = new Date(),
): Promise<PlukMailRound> {
  const appId = tenant.appId;
  const week = farmWeekOf(now);
  const plukUrl = `${await publicUrlOf(app, appId)}/pluk`;
  const roundId = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [known] = await farm
      .select()
      .from(plukMailRounds)
      .where(eq(plukMailRounds.idempotencyKey, body.idempotencyKey));
    if (known) {
      const same =
        [...known.subscriptionIds].sort((a, b) => a - b).join(',') ===
        [...new Set(body.subscriptionIds)].sort((a, b) => a - b).join(',');
      if (!same) throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED');
      return known.id;
    }
    const plan = await planOf(tx, appId, body.subscriptionIds);
    const [round] = await farm
      .insert(plukMailRounds)
      .values({
        appId,
        idempotencyKey: body.idempotencyKey,
        subscriptionIds: plan.subscriptions.map((s) => s.id),
        subscriptionNames: plan.subscriptions.map((s) => s.name),
      })
      .returning({ id: plukMailRounds.id });
    if (!round) throw new Error('round insert returned nothing');
    const groupKey = roundGroupKey(round.id);
    await enqueue(
      tx,
      plan.recipients.map((recipient) => {
        const plukText = plukTextOf(plan, recipient.subscriptionIds);
        const digest = createHash('sha256').update(plukText).digest('hex').slice(0, 24);
        return mailJob(
          {
            appId,
            userId: recipient.id,
            to: recipient.email,
            template: 'pluk',
            values: { appName: tenant.name, firstName: recipient.firstName, plukText, plukUrl },
          },
          `pluk-mail:${appId}:${week}:${recipient.id}:${digest}`,
          { groupKey },
        );
      }),
    );
    return round.id;
  });
  app.jobs.wake();
  return roundOf(app.db, appId, roundId);
}

type JobCounts = Omit<PlukMailRound, 'id' | 'startedAt' | 'subscriptionNames'>;

async function countsOf(db: Db, appId: string, roundIds: readonly number[]): Promise<Map<number, JobCounts>> {
  const result = new Map<number, JobCounts>();
  if (roundIds.length === 0) return result;
  const rows = await db
    .select({ groupKey: jobs.groupKey, status: jobs.status, outcome: jobs.outcome, count: count() })
    .from(jobs)
    .where(and(eq(jobs.appId, appId), inArray(jobs.groupKey, roundIds.map(roundGroupKey))))
    .groupBy(jobs.groupKey, jobs.status, jobs.outcome);
  for (const id of roundIds) {
    const mine = rows.filter((r) => r.groupKey === roundGroupKey(id));
    const sum = (match: (row: (typeof rows)[number]) => boolean) =>
      mine.filter(match).reduce((total, row) => total + Number(row.count), 0);
    result.set(id, {
      recipients: sum(() => true),
      sent: sum((r) => r.status === 'done' && r.outcome === 'sent'),
      notSent: sum((r) => r.status === 'done' && r.outcome !== 'sent'),
      failed: sum((r) => r.status === 'failed'),
      waiting: sum((r) => r.status === 'waiting' || r.status === 'running'),
    });
  }
  return result;
}

const emptyCounts: JobCounts = { recipients: 0, sent: 0, notSent: 0, failed: 0, waiting: 0 };

async function roundOf(db: Db, appId: string, id: number): Promise<PlukMailRound> {
  const [round] = await tenantDb(db, appId).select().from(plukMailRounds).where(eq(plukMailRounds.id, id));
  if (!round) throw notFound();
  const counts = (await countsOf(db, appId, [id])).get(id) ?? emptyCounts;
  return {
    id,
    startedAt: round.createdAt.toISOString(),
    subscriptionNames: round.subscriptionNames,
    ...counts,
  };
}

/** The latest 20 rounds, newest first. */
export async function listPlukMailRounds(db: Db, appId: string): Promise<PlukMailRound[]> {
  const rounds = await tenantDb(db, appId)
    .select()
    .from(plukMailRounds)
    .where(eq(plukMailRounds.appId, appId))
    .orderBy(desc(plukMailRounds.createdAt), desc(plukMailRounds.id))
    .limit(20);
  const counts = await countsOf(
    db,
    appId,
    rounds.map((r) => r.id),
  );
  return rounds.map((r) => ({
    id: r.id,
    startedAt: r.createdAt.toISOString(),
    subscriptionNames: r.subscriptionNames,
    ...(counts.get(r.id) ?? emptyCounts),
  }));
}

/** The member of a round's job, from its key `pluk-mail:<app>:<week>:<userId>:<digest>` (payloads are cleared when done). */
const userIdOfKey = (key: string) => {
  const value = Number(key.split(':')[3]);
  return Number.isSafeInteger(value) ? value : null;
};

/** One round with every recipient's state (finished jobs are pruned after 30 days, ADR 048). */
export async function plukMailRound(db: Db, appId: string, id: number): Promise<PlukMailRoundDetail> {
  const round = await roundOf(db, appId, id);
  const rows = await db
    .select({
      key: jobs.idempotencyKey,
      status: jobs.status,
      outcome: jobs.outcome,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.appId, appId), eq(jobs.groupKey, roundGroupKey(id))))
    .orderBy(asc(jobs.id));
  const userIds = rows.map((r) => userIdOfKey(r.key)).filter((v): v is number => v !== null);
  const people =
    userIds.length === 0
      ? []
      : await tenantDb(db, appId)
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(and(eq(users.appId, appId), inArray(users.id, userIds)));
  const recipientList: PlukMailRecipient[] = rows.map((r) => {
    const userId = userIdOfKey(r.key);
    const person = people.find((p) => p.id === userId);
    const status: PlukMailRecipient['status'] =
      r.status === 'failed'
        ? 'failed'
        : r.status === 'done'
          ? r.outcome === 'sent'
            ? 'sent'
            : 'notSent'
          : 'waiting';
    return {
      userId: person ? person.id : null,
      name: person ? `${person.firstName} ${person.lastName}` : '',
      email: person?.email ?? '',
      status,
      finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    };
  });
  return { ...round, recipientList };
}
