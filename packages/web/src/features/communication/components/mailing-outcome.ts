import type { EmailTestSent, MailingSent } from '@pluk/contract';
import type { TFunction } from 'i18next';

interface Toast {
  title: string;
  message: string;
}

/** Whether e-mails could leave decides how the toast reads and whether it stays until closed. */
function outcome(smtpSource: MailingSent['smtpSource'], notSent: Toast, queued: Toast) {
  return smtpSource === 'none'
    ? { color: 'orange', ...notSent, autoClose: false as const }
    : { color: 'brand', ...queued, autoClose: 8000 };
}

/**
 * What a send really did, in the toast (decision 094): queued for n members when e-mails can leave, or
 * not sent because the farm has no mail server — and who can set one — when they cannot.
 */
export function mailingOutcome(t: TFunction<'communication'>, sent: MailingSent) {
  return outcome(
    sent.smtpSource,
    { title: t('outcome.notSentTitle'), message: t('outcome.notSent', { count: sent.recipients }) },
    { title: t('outcome.queuedTitle'), message: t('outcome.queued', { count: sent.recipients }) },
  );
}

/** The same for 'stuur een test naar mij'. */
export function testOutcome(t: TFunction<'communication'>, sent: EmailTestSent) {
  return outcome(
    sent.smtpSource,
    { title: t('outcome.notSentTitle'), message: t('outcome.testNotSent', { to: sent.to }) },
    { title: t('outcome.testQueuedTitle'), message: t('outcome.testQueued', { to: sent.to }) },
  );
}
