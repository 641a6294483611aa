import type { FastifyInstance } from 'fastify';
import { userOf } from '../../../plugins/request-context.js';
import type { ReenrolmentHandlers } from '../handler-types.js';
import { answerQuestionnaire } from './answer.js';
import { createQuestions } from './create-questions.js';
import { myCurrentQuestionnaire, myQuestionnaire } from './mine.js';

/** Questionnaires: the manager gives them out; a member reads and answers their own. */
export function questionnaireHandlers(
  app: FastifyInstance,
): ReenrolmentHandlers<'createQuestions' | 'mine' | 'questionnaire' | 'answer'> {
  return {
    createQuestions: async (request) =>
      createQuestions(app.db, userOf(request).appId, request.body.policyId, request.body.userIds),
    mine: async (request) => myCurrentQuestionnaire(app.db, userOf(request)),
    questionnaire: async (request) => myQuestionnaire(app.db, userOf(request), request.params.id),
    answer: async (request) => answerQuestionnaire(app.db, userOf(request), request.params.id, request.body),
  };
}
