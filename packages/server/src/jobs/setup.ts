import type { FastifyInstance } from 'fastify';
import { mailJobHandler, mailJobKind } from '../mail/mail-job.js';
import {
  bankReminderJobHandler,
  bankReminderJobKind,
  bankReminderPeriodMs,
} from '../modules/bank/reminders/due-reminders.js';
import { pushJobKind } from '../modules/notification/push-sender.js';
import {
  paymentDueJobHandler,
  paymentDueJobKind,
  paymentDuePeriodMs,
} from '../modules/bank/reminders/payment-due.js';
import { myDataExportJobHandler, myDataExportJobKind } from '../modules/user/my-data.js';
import { pruneJobHandler, pruneJobKind, prunePeriodMs } from './prune.js';
import { JobWorker } from './worker.js';

/** How long a shutdown waits for running jobs before it gives them back to the queue. */
export const shutdownGraceMs = 5_000;

/**
 * The job worker with every kind of job the server runs (ADR 048). buildApp makes it; server.ts starts
 * it after listening; tests leave it stopped and call `app.jobs.drain()`.
 */
export function createJobWorker(app: FastifyInstance): JobWorker {
  const worker = new JobWorker(app.db, app.log, app.config.jobs);
  worker.register(mailJobKind, mailJobHandler(app.mailer, app.db));
  worker.register(pushJobKind, app.push.handler());
  worker.register(pruneJobKind, pruneJobHandler(app.db, app.config));
  worker.every(pruneJobKind, prunePeriodMs);
  // Open payments that fall due: one notification each, once (decision 090).
  worker.register(paymentDueJobKind, paymentDueJobHandler(app.db));
  worker.every(paymentDueJobKind, paymentDuePeriodMs);
  // Payment reminders on the farm's schedule (ADR 093).
  worker.register(bankReminderJobKind, bankReminderJobHandler(app));
  worker.every(bankReminderJobKind, bankReminderPeriodMs);
  // A member's copy of their data, prepared once per request (decision 101).
  worker.register(myDataExportJobKind, myDataExportJobHandler(app));
  return worker;
}
