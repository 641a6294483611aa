import type { FastifyInstance } from 'fastify';
import type { refuseBodySchema } from '@pluk/contract';
import type { z } from 'zod';
import { enqueue } from '../../jobs/queue.js';
import { HttpError } from '../../lib/http-error.js';
import { mailJob } from '../../mail/mail-job.js';
import type { MailRequest } from '../../mail/mailer.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { anonymiseUser } from './anonymise.js';

/** The one refusal e-mail of an account: refused once, since refusing anonymises it (decision 092). */
export const refusalJobKey = (appId: string, userId: number) => `registration-refused:${appId}:${userId}`;

/**
 * Refuses a registration from the waiting list (decision 092). Under the account's row lock it
 * checks the account still waits, queues the farm's `registrationRefused` e-mail with the manager's
 * message (one job, keyed by the account), then anonymises the account the way a delete does: no login,
 * nothing personal kept, its user name and e-mail free for a new registration. One transaction, audited
 * as `user.refuse`.
 */
export async function refuseRegistration(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  body: z.output<typeof refuseBodySchema>,
): Promise<{ emailed: boolean }> {
  let emailed = false;
  await anonymiseUser(app, tenant, auth, body.userId, {
    auditAction: 'user.refuse',
    beforeWipe: async (tx, target) => {
      // An approved account is a member: deleting it is a different, heavier decision.
      if (target.isApproved) {
        throw new HttpError(
          409,
          'ALREADY_APPROVED',
          'Dit account is al goedgekeurd; een lid weiger je niet meer. Verwijder het account als dat de bedoeling is.',
        );
      }
      if (body.sendEmail && target.email) {
        const mail: MailRequest = {
          appId: tenant.appId,
          userId: target.id,
          to: target.email,
          template: 'registrationRefused',
          values: {
            appName: tenant.name,
            firstName: target.firstName,
            lastName: target.lastName,
            username: target.username,
            message: body.message,
          },
        };
        emailed = (await enqueue(tx, [mailJob(mail, refusalJobKey(tenant.appId, target.id))])) > 0;
      }
      return { emailed, withMessage: body.message.length > 0 };
    },
  });
  if (emailed) app.jobs.wake();
  return { emailed };
}
