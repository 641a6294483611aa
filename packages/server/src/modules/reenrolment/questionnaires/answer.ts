import { and, eq, inArray, sql } from 'drizzle-orm';
import type { answerBodySchema, MyQuestionnaire } from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import {
  intentionAnswerOffers,
  intentionPolicyOffers,
  intentionQuestionnaires,
} from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { AuthUser } from '../../../types.js';
import { isPolicyEnded, lockPolicy, policyEnded } from '../policy-state.js';
import { loadMyQuestionnaire } from './load.js';

type AnswerBody = z.output<typeof answerBodySchema>;

const notThisRound = () => {
  const message = 'Een van de gekozen abonnementen hoort niet (meer) bij deze ronde. Vernieuw de pagina.';
  return new HttpError(400, 'VALIDATION_ERROR', message, { offerIds: message });
};

/**
 * Submits or changes my answer until the deadline (through that day on the farm's calendar). The policy
 * row is locked `share` (the conversion and a manager's edit wait, and wait for this) and my
 * questionnaire `update` (a double click writes one answer after the other). After the deadline — and so
 * after the conversion — 409 POLICY_ENDED. `continue` stores the chosen offers, which must be this
 * round's; `stop` stores none (offers sent with it are not kept).
 */
export async function answerQuestionnaire(
  db: Database,
  user: AuthUser,
  id: number,
  body: AnswerBody,
  now: Date = new Date(),
): Promise<MyQuestionnaire> {
  const appId = user.appId;
  const { questionnaire, policy } = await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const mine = and(eq(intentionQuestionnaires.id, id), eq(intentionQuestionnaires.userId, user.id));
    const [found] = await farm
      .select({ policyId: intentionQuestionnaires.policyId })
      .from(intentionQuestionnaires)
      .where(mine);
    if (!found) throw notFound();
    const policy = await lockPolicy(tx, appId, found.policyId, 'share');
    await farm
      .select({ id: intentionQuestionnaires.id })
      .from(intentionQuestionnaires)
      .where(mine)
      .for('update');
    if (policy.convertedAt !== null || isPolicyEnded(policy, now)) throw policyEnded();

    const offerIds = body.choice === 'continue' ? [...new Set(body.offerIds)] : [];
    if (offerIds.length > 0) {
      const offers = await farm
        .select({ id: intentionPolicyOffers.id })
        .from(intentionPolicyOffers)
        .where(
          and(eq(intentionPolicyOffers.policyId, policy.id), inArray(intentionPolicyOffers.id, offerIds)),
        );
      if (offers.length !== offerIds.length) throw notThisRound();
    }
    await farm
      .delete(intentionAnswerOffers)
      .where(
        and(eq(intentionAnswerOffers.policyId, policy.id), eq(intentionAnswerOffers.questionnaireId, id)),
      );
    if (offerIds.length > 0) {
      await farm
        .insert(intentionAnswerOffers)
        .values(offerIds.map((offerId) => ({ appId, policyId: policy.id, questionnaireId: id, offerId })));
    }
    const [questionnaire] = await farm
      .update(intentionQuestionnaires)
      .set({ status: 'submitted', choice: body.choice, remark: body.remark, submittedAt: sql`now()` })
      .where(mine)
      .returning();
    if (!questionnaire) throw notFound();
    return { questionnaire, policy };
  });
  return loadMyQuestionnaire(db, appId, questionnaire, policy, now);
}
