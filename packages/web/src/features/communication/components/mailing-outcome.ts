import type { EmailTestSent, MailingSent } from '@pluk/contract';
import type { TFunction } from 'i18next';

/**
 * What a send really did, in the toast (decision 094): queued for n members when e-mails can leave, or
 * not sent because the farm has no mail server — and who can set one — when they cannot.
 */
export function mailingOutcome(t: TFunction<'communication'>, sent: MailingSent) {
  return sent.smtpSource === 'none'
    ? {
        color: 'orange',
        title: t('outcome.notSentTitle'),
        message: t('outcome.notSent', { count: sent.recipients }),
        autoClose: false as const,
      }
    : {
        color: 'brand',
        title: t('outcome.queuedTitle'),
        message: t('outcome.queued', { count: sent.recipients }),
        autoClose: 8000,
      };
}

/** The same for 'stuur een test naar mij'. */
export function testOutcome(t: TFunction<'communication'>, sent: EmailTestSent) {
  return sent.smtpSource === 'none'
    ? {
        color: 'orange',
        title: t('outcome.notSentTitle'),
        message: t('outcome.testNotSent', { to: sent.to }),
        autoClose: false as const,
      }
    : {
        color: 'brand',
        title: t('outcome.testQueuedTitle'),
        message: t('outcome.testQueued', { to: sent.to }),
        autoClose: 8000,
      };
}
