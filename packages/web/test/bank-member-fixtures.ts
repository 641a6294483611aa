import type { MemberTransaction, PaymentReturn, PublicTransaction } from '@pluk/contract';

/** The member's bank answers (decision 077) as the tests use them. */
export const publicId = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
export const otherPublicId = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa987654';

export function makeMemberTransaction(overrides: Partial<MemberTransaction> = {}): MemberTransaction {
  return {
    publicId,
    amountCents: 12500,
    description: 'Lidmaatschap Groenten 2030',
    harvestYear: 2030,
    subscriptionId: 4,
    subscriptionName: 'Groenten',
    status: 'open',
    // Far ahead, so "not overdue" holds whenever the tests run.
    dueDate: '2099-04-01',
    // 1234567890 mod 97 = 2: the check digits of a real reference (the QR code takes only those).
    structuredReference: '123456789002',
    paidAt: null,
    paidVia: null,
    createdAt: '2030-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makePublicTransaction(overrides: Partial<PublicTransaction> = {}): PublicTransaction {
  return {
    ...makeMemberTransaction(),
    farmName: 'De Plukhoeve',
    payee: { name: 'De Plukhoeve vzw', iban: 'BE68539007547034', bic: 'GKCCBEBB' },
    canPayOnline: true,
    ...overrides,
  };
}

export function makePaymentReturn(overrides: Partial<PaymentReturn> = {}): PaymentReturn {
  return {
    publicId,
    status: 'paid',
    amountCents: 12500,
    description: 'Lidmaatschap Groenten 2030',
    farmName: 'De Plukhoeve',
    ...overrides,
  };
}
