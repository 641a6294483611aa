import type { Feedback, ManagedFeedback } from '@pluk/contract';
import type { feedback } from '../../db/schema/index.js';

type FeedbackRow = typeof feedback.$inferSelect;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Feedback as its member sees it. */
export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    isHandled: row.isHandled,
    answer: row.answer,
    handledAt: iso(row.handledAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export interface FeedbackSender {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Feedback as managers see it, with its sender (null once that account is gone). */
export function presentManagedFeedback(row: FeedbackRow, sender: FeedbackSender | null): ManagedFeedback {
  return { ...presentFeedback(row), user: sender };
}
