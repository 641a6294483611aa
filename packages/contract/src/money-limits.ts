/** The largest amount of virtual money in one body, in cents (money.ts). */
export const virtualMoneyLimits = { maxCents: 1_000_000 } as const;
