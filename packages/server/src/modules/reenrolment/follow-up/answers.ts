import { and, asc, eq, exists, ilike, inArray, type SQL } from 'drizzle-orm';
import {
  householdPriceCents,
  type PolicyAnswer,
  type PolicyAnswerPage,
  type policyAnswersQuerySchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { tenantDb, type TenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers, intentionQuestionnaires, users } from '../../../db/schema/index.js';
import { likePattern } from '../../../lib/like-pattern.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../../lib/paging.js';
import { householdCounts, noHousehold } from '../../subscription/service.js';
import { userSearchText } from '../../users/service.js';
import { findPolicy } from '../policy-state.js';
import { isoOrNull } from '../presenter.js';
import { answerOffersOf } from './answer-offers.js';

type AnswersQuery = z.output<typeof policyAnswersQuerySchema>;

/** By name: last name, first name, then the member's id. */
const answerKeys: PageKey[] = [
  { column: users.lastName, type: 'text' },
  { column: users.firstName, type: 'text' },
  { column: users.id, type: 'integer' },
];

const q = intentionQuestionnaires;

/**
 * The list's filter on the questionnaires alone (so `cappedTotal` counts it from one table): the status
 * or choice, the chosen offer, and the name or e-mail through the users' trigram index.
 */
function filterOf(farm: TenantDb, appId: string, policyId: number, query: AnswersQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(q.appId, appId), eq(q.policyId, policyId)];
  if (query.status === 'open' || query.status === 'submitted') conditions.push(eq(q.status, query.status));
  if (query.status === 'continue' || query.status === 'stop') conditions.push(eq(q.choice, query.status));
  if (query.offerId !== undefined) {
    conditions.push(
      exists(
        farm
          .select({ one: intentionAnswerOffers.offerId })
          .from(intentionAnswerOffers)
          .where(
            and(
              eq(intentionAnswerOffers.policyId, q.policyId),
              eq(intentionAnswerOffers.questionnaireId, q.id),
              eq(intentionAnswerOffers.offerId, query.offerId),
            ),
          ),
      ),
    );
  }
  if (query.search) {
    conditions.push(
      inArray(
        q.userId,
        farm
          .select({ id: users.id })
          .from(users)
          .where(ilike(userSearchText, likePattern(query.search))),
      ),
    );
  }
  return and(...conditions);
}

/**
 * A policy's questionnaires for the follow-up screen, filtered, by name, paged like every list. The amount
 * is what the chosen offers cost the member's household today.
 */
export async function policyAnswers(
  db: Database,
  appId: string,
  policyId: number,
  query: AnswersQuery,
): Promise<PolicyAnswerPage> {
  await findPolicy(db, appId, policyId);
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const where = filterOf(farm, appId, policyId, query);
  const rows = await farm
    .select({
      questionnaire: q,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      cursor: cursorColumn(answerKeys),
      total: cappedTotal(farm, q, where),
    })
    .from(q)
    .innerJoin(users, eq(users.id, q.userId))
    .where(
      and(where, query.after ? afterCursor(answerKeys, decodeCursor(answerKeys, query.after)) : undefined),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  const shown = rows.slice(0, query.pageSize);
  const [chosen, households] = await Promise.all([
    answerOffersOf(
      db,
      appId,
      policyId,
      shown.map((row) => row.questionnaire.id),
    ),
    householdCounts(
      db,
      appId,
      shown.map((row) => row.questionnaire.userId),
    ),
  ]);
  const page = await finishPage(
    rows,
    request,
    (row): PolicyAnswer => {
      const { questionnaire } = row;
      const household = households.get(questionnaire.userId) ?? noHousehold;
      const offers = chosen.get(questionnaire.id) ?? [];
      return {
        questionnaireId: questionnaire.id,
        userId: questionnaire.userId,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        status: questionnaire.status as PolicyAnswer['status'],
        choice: questionnaire.choice as PolicyAnswer['choice'],
        offers: offers.map((offer) => ({ offerId: offer.id, name: offer.name })),
        ...household,
        amountCents: offers.reduce((sum, offer) => sum + householdPriceCents(offer, household), 0),
        remark: questionnaire.remark,
        submittedAt: isoOrNull(questionnaire.submittedAt),
        remindedAt: isoOrNull(questionnaire.remindedAt),
        convertedAt: isoOrNull(questionnaire.convertedAt),
      };
    },
    (cap) => countUpTo(farm, q, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}
