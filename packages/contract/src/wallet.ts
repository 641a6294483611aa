import { z } from 'zod';
import { feedPageQuery, feedPageSchema, idField, isoDateTimeSchema } from './common.js';
import { defineRoute } from './define-route.js';
import { centsField, idempotencyKeySchema } from './money.js';

/**
 * The wallet of virtual money (docs/product/money.md, "Virtual money": User Wallet,
 * ToggleTransactionable, DonateVirtualMoney; ADR 058). One ledger: every movement is a row from one
 * wallet to another.
 */
export const walletSchema = z.object({
  balanceCents: z.number().int(),
  /** Promised but not yet moved: my reservations waiting for the owner and the rewards of my open requests. */
  reservedCents: z.number().int().min(0),
  /** balance − reserved: what I can still spend or promise. */
  availableCents: z.number().int(),
  isTransactionable: z.boolean(),
  /** Whether the farm lets members switch trading with virtual money on or off themselves. */
  mayToggleTransactionable: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const ledgerKindSchema = z.enum(['purchase', 'reward', 'donation']);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** One movement, seen from one wallet: signed amount (+ in, − out), what it was for, who was on the other side. */
export const walletEntrySchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTimeSchema,
  amountCents: z.number().int(),
  direction: z.enum(['in', 'out']),
  kind: ledgerKindSchema,
  description: z.string(),
  /** The member on the other side, or the farm's internal bank; null for a removed member. */
  counterpart: z.object({ kind: z.enum(['member', 'bank']), name: z.string() }).nullable(),
  offerId: z.number().int().nullable(),
  requestId: z.number().int().nullable(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletEntryQuerySchema = z.object(feedPageQuery({ defaultSize: 20, maxSize: 100 }));
export type WalletEntryQuery = z.input<typeof walletEntryQuerySchema>;
export const walletEntryPageSchema = feedPageSchema(walletEntrySchema);
export type WalletEntryPage = z.infer<typeof walletEntryPageSchema>;

/** `GET User/Wallet`: the wallet and the first page of its movements, newest first. */
export const walletWithEntriesSchema = walletSchema.extend({ entries: walletEntryPageSchema });
export type WalletWithEntries = z.infer<typeof walletWithEntriesSchema>;

export const donationLimits = { maxRecipients: 500, reasonMax: 200 } as const;

/** `DonateVirtualMoney`: from the internal bank to one or many members, one movement each. */
export const donateBodySchema = z.object({
  userIds: z
    .array(idField('userIds'), { error: 'Kies minstens één lid.' })
    .min(1, 'Kies minstens één lid.')
    .max(donationLimits.maxRecipients, `Kies hoogstens ${donationLimits.maxRecipients} leden tegelijk.`),
  amountCents: centsField('het bedrag', { min: 1 }),
  reason: z
    .string({ error: 'Vul een reden in.' })
    .trim()
    .min(1, 'Vul een reden in.')
    .max(donationLimits.reasonMax, `De reden is hoogstens ${donationLimits.reasonMax} tekens lang.`),
  /** One per donation form submit; each member's movement is keyed by it, so a retry gives nothing twice. */
  idempotencyKey: idempotencyKeySchema,
});
export type DonateBody = z.infer<typeof donateBodySchema>;

export const donateResultSchema = z.object({
  /** Members who got the amount now. */
  donatedCount: z.number().int().min(0),
  /** Members who already had it from an earlier call with this key. */
  alreadyDonatedCount: z.number().int().min(0),
  totalCents: z.number().int().min(0),
});
export type DonateResult = z.infer<typeof donateResultSchema>;

/** The farm's internal bank: what it has issued (Σ of members' wallets) and how many movements. */
export const internalBankSchema = z.object({
  issuedCents: z.number().int(),
  /** Σ of every member's wallet: equals issuedCents while the ledger holds (shown as a check). */
  membersTotalCents: z.number().int(),
  donationCount: z.number().int().min(0),
  transactionableMemberCount: z.number().int().min(0),
});
export type InternalBank = z.infer<typeof internalBankSchema>;

/** One issuance of the internal bank, newest first. */
export const issuanceSchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTimeSchema,
  amountCents: z.number().int(),
  description: z.string(),
  recipient: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  issuedBy: z.string().nullable(),
});
export type Issuance = z.infer<typeof issuanceSchema>;
export const issuancePageSchema = feedPageSchema(issuanceSchema);
export type IssuancePage = z.infer<typeof issuancePageSchema>;

/** A member's wallet as the BankManager sees it (to pick recipients and switch trading on or off). */
export const memberWalletSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  balanceCents: z.number().int(),
  isTransactionable: z.boolean(),
});
export type MemberWallet = z.infer<typeof memberWalletSchema>;
export const memberWalletQuerySchema = z.object({
  search: z.string().trim().max(100, 'Zoek op hoogstens 100 tekens.').optional(),
  ...feedPageQuery({ defaultSize: 50, maxSize: 200 }),
});
export type MemberWalletQuery = z.input<typeof memberWalletQuerySchema>;
export const memberWalletPageSchema = feedPageSchema(memberWalletSchema);
export type MemberWalletPage = z.infer<typeof memberWalletPageSchema>;

export const toggleTransactionableBodySchema = z.object({ userId: idField('userId') });

export const walletRoutes = {
  wallet: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'User/Wallet',
    permission: 'member',
    summary: 'My wallet (balance, reserved, available) with the first page of my movements, newest first.',
    response: { 200: walletWithEntriesSchema },
  }),
  walletOnly: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'User/Wallet/false',
    permission: 'member',
    summary: 'My wallet without its movements.',
    response: { 200: walletSchema },
  }),
  entries: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'User/Wallet/entries',
    permission: 'member',
    summary: 'My movements, newest first, paged (page 0-based, or after=nextCursor).',
    query: walletEntryQuerySchema,
    response: { 200: walletEntryPageSchema },
  }),
  toggleTransactionable: defineRoute({
    feature: 'wallet',
    method: 'POST',
    path: 'User/ToggleTransactionable',
    permission: 'member',
    summary:
      'Switches trading with virtual money on or off for myself, where the farm allows it; refused to switch ' +
      'off while I have reservations or requests with a reward open.',
    response: { 200: walletSchema },
  }),
  managerToggleTransactionable: defineRoute({
    feature: 'wallet',
    method: 'POST',
    path: 'applicationManager/User/ToggleTransactionable',
    permission: { role: 'BankManager' },
    summary: "Switches a member's trading with virtual money on or off.",
    body: toggleTransactionableBodySchema,
    response: { 200: memberWalletSchema },
  }),
  donate: defineRoute({
    feature: 'wallet',
    method: 'POST',
    path: 'applicationManager/User/DonateVirtualMoney',
    permission: { role: 'BankManager' },
    summary:
      'Issues virtual money from the internal bank to one or many members (one movement each, with a ' +
      'reason); the same idempotencyKey never gives a member the amount twice.',
    body: donateBodySchema,
    response: { 200: donateResultSchema },
  }),
  internalBank: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'applicationManager/internalbank',
    permission: { role: 'BankManager' },
    summary: "The farm's internal bank: what it issued and the members' total.",
    response: { 200: internalBankSchema },
  }),
  issuances: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'applicationManager/internalbank/history',
    permission: { role: 'BankManager' },
    summary: 'The issuance history of the internal bank, newest first, paged.',
    query: walletEntryQuerySchema,
    response: { 200: issuancePageSchema },
  }),
  memberWallets: defineRoute({
    feature: 'wallet',
    method: 'GET',
    path: 'applicationManager/internalbank/wallets',
    permission: { role: 'BankManager' },
    summary: 'Active members with their balance and whether they trade, by name, paged, with search.',
    query: memberWalletQuerySchema,
    response: { 200: memberWalletPageSchema },
  }),
} as const;
