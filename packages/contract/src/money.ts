import { z } from 'zod';

/**
 * Virtual money (docs/product/money.md, "Virtual money"): integer cents everywhere, in the API and in the
 * database. The largest amount one call may name; a wallet holds at most what fits a PostgreSQL integer.
 */
// In a module of its own: the web's first load reads it, and this module's schemas would bring zod (decision 088).
import { virtualMoneyLimits } from './money-limits.js';
export { virtualMoneyLimits };

/** An amount of virtual money in a body: whole cents, 0 or more (a price or reward may be free). */
export function centsField(what: string, { min = 0 }: { min?: number } = {}) {
  const label = `${what[0]?.toUpperCase()}${what.slice(1)}`;
  return z
    .number({ error: `Vul ${what} in.` })
    .int(`${label} is een bedrag in centen: een geheel getal.`)
    .min(min, min === 0 ? `${label} kan niet negatief zijn.` : `${label} is minstens ${min} cent.`)
    .max(virtualMoneyLimits.maxCents, `${label} is hoogstens ${virtualMoneyLimits.maxCents / 100} plukgeld.`);
}

/**
 * The key that makes a money-moving call safe to repeat: the client makes one per action (a UUID) and
 * sends the same key when it retries; the server then changes nothing twice (ADR 058).
 */
export const idempotencyKeySchema = z
  .string({ error: 'Geef een sleutel op.' })
  .min(8, 'De sleutel is minstens 8 tekens lang.')
  .max(100, 'De sleutel is hoogstens 100 tekens lang.')
  .regex(/^[A-Za-z0-9_:.-]+$/, 'De sleutel bevat alleen letters, cijfers en _ : . -');

/** Someone on the other side of a trade or movement, as members see them. */
export const personRefSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});
export type PersonRef = z.infer<typeof personRefSchema>;
