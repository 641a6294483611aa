import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';
import { defineRoute } from './define-route.js';

/** Credits (werkpunten) earned by one confirmed task. */
export const creditEntrySchema = z.object({
  id: z.number().int(),
  /** When the task took place (when it is gone: when the credits were granted). */
  date: isoDateTimeSchema,
  /** The task, while it still exists. */
  taskId: z.number().int().nullable(),
  taskTitle: z.string(),
  amount: z.number().int(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** My credits of the current harvest year (docs/product/money.md, "Credits"). */
export const myCreditsSchema = z.object({
  /** The harvest year, named by the calendar year it starts in. */
  harvestYear: z.number().int(),
  /** First and last day of the harvest year (YYYY-MM-DD). */
  startsOn: z.string(),
  endsOn: z.string(),
  entries: z.array(creditEntrySchema),
  total: z.number().int(),
  /**
   * Credits my subscriptions of this harvest year require (the highest of them, decision 074); null when I
   * have no subscription this year.
   */
  required: z.number().int().nullable(),
});
export type MyCredits = z.infer<typeof myCreditsSchema>;

export const creditRoutes = {
  myCredits: defineRoute({
    feature: 'credit',
    method: 'GET',
    path: 'user/credits',
    permission: 'member',
    summary: 'My credits earned by confirmed tasks this harvest year, and their total.',
    response: { 200: myCreditsSchema },
  }),
} as const;
