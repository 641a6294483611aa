import type {
  ManagedSubscription,
  MemberSubscription,
  MyMembership,
  MySubscriptionDetail,
  PlukDetail,
  PlukOfTheWeek,
  SubscriptionMember,
  SubscriptionPriceInfo,
} from '@pluk/contract';
import { json, makeManagedUser, type StubHandler } from './utils';

/** The member's pluk, subscription and membership answers, and the manager's, as the tests use them. */
export function makePlukOfTheWeek(overrides: Partial<PlukOfTheWeek> = {}): PlukOfTheWeek {
  return {
    harvestYear: 2030,
    subscriptions: [
      {
        subscriptionId: 4,
        subscriptionName: 'Groenten',
        crops: [
          {
            cropId: 11,
            name: 'Sla',
            unit: 'krop',
            hint: 'Snij boven de grond',
            amountPerShare: '2 kroppen per week',
            photoId: null,
            fields: [{ id: 1, name: 'Veld 1' }],
          },
        ],
      },
      { subscriptionId: 5, subscriptionName: 'Bloemen', crops: [] },
    ],
    ...overrides,
  };
}

export function makePlukDetail(overrides: Partial<PlukDetail> = {}): PlukDetail {
  return {
    cropId: 11,
    subscriptionId: 4,
    subscriptionName: 'Groenten',
    name: 'Sla',
    description: 'Botersla en eikenbladsla.',
    howToHarvest: 'Snij de krop net boven de grond.\nLaat de wortel staan.',
    hint: 'Snij boven de grond',
    unit: 'krop',
    amountPerShare: '2 kroppen per week',
    photoIds: [],
    fields: [{ id: 1, name: 'Veld 1', description: 'Achter de schuur' }],
    ...overrides,
  };
}

export function makeMemberSubscription(overrides: Partial<MemberSubscription> = {}): MemberSubscription {
  return {
    id: 4,
    name: 'Groenten',
    description: 'Groenten van het seizoen.',
    harvestYear: 2030,
    adultPriceCents: 12000,
    childPriceCents: 6250,
    requiredCredits: 10,
    isActive: true,
    isOpenForRegistration: false,
    adults: 2,
    children: 1,
    priceCents: 30250,
    isMine: true,
    period: 'current',
    ...overrides,
  };
}

export const household = [
  { id: 1, name: 'Lien Lid', yearOfBirth: null, isAdult: true, isHolder: true },
  { id: 2, name: 'Tom Lid', yearOfBirth: 1986, isAdult: true, isHolder: false },
  { id: 3, name: 'Mona Lid', yearOfBirth: 2020, isAdult: false, isHolder: false },
];

export function makeMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  return {
    currentHarvestYear: 2030,
    household: { id: 1, members: household },
    adults: 2,
    children: 1,
    subscriptions: [makeMemberSubscription()],
    ...overrides,
  };
}

export function makeMySubscriptionDetail(
  overrides: Partial<MySubscriptionDetail> = {},
): MySubscriptionDetail {
  return {
    ...makeMemberSubscription(),
    household,
    crops: [
      { cropId: 11, name: 'Sla', unit: 'krop', isPickable: true, amountPerShare: '2 kroppen per week' },
      { cropId: 12, name: 'Wortelen', unit: 'bos', isPickable: false, amountPerShare: '' },
    ],
    credits: { required: 10, earned: 4 },
    ...overrides,
  };
}

export function makeManagedSubscription(overrides: Partial<ManagedSubscription> = {}): ManagedSubscription {
  return {
    id: 4,
    name: 'Groenten',
    description: 'Groenten van het seizoen.',
    harvestYear: 2030,
    adultPriceCents: 12000,
    childPriceCents: 6250,
    requiredCredits: 10,
    isActive: true,
    isOpenForRegistration: true,
    memberCount: 1,
    createdAt: '2030-01-10T10:00:00.000Z',
    updatedAt: '2030-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeSubscriptionMember(overrides: Partial<SubscriptionMember> = {}): SubscriptionMember {
  return {
    userId: 3,
    firstName: 'Lien',
    lastName: 'Lid',
    email: 'lid@example.be',
    adults: 2,
    children: 1,
    priceCents: 30250,
    addedAt: '2030-02-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makePriceInfo(overrides: Partial<SubscriptionPriceInfo> = {}): SubscriptionPriceInfo {
  return {
    harvestYear: 2030,
    name: 'Groenten',
    subscriptionId: 4,
    households: 1,
    adults: 2,
    children: 1,
    adultPriceCents: 12000,
    childPriceCents: 6250,
    adultsCents: 24000,
    childrenCents: 6250,
    totalCents: 30250,
    ...overrides,
  };
}

/** The calls of the manager's subscription screens for subscription 4 (list of 2030, detail, users). */
export function subscriptionManagerHandlers(): Record<string, StubHandler> {
  return {
    'GET /api/User/Membership': () => json(makeMembership()),
    'GET /api/applicationManager/subscription': (request) =>
      json(
        request.url.includes('harvestYear=2030')
          ? [
              makeManagedSubscription(),
              makeManagedSubscription({ id: 6, name: 'Fruit', isActive: false, memberCount: 0 }),
            ]
          : [],
      ),
    'GET /api/applicationManager/subscription/4': () => json(makeManagedSubscription()),
    'GET /api/applicationManager/subscription/4/members': () => json([makeSubscriptionMember()]),
    'GET /api/applicationManager/subscription/infoPrice/4': () => json(makePriceInfo()),
    'GET /api/applicationManager/subscription/infoPriceNext/4': () =>
      json(
        makePriceInfo({
          harvestYear: 2031,
          subscriptionId: null,
          households: 0,
          adults: 0,
          children: 0,
          adultsCents: 0,
          childrenCents: 0,
          totalCents: 0,
        }),
      ),
    'POST /api/applicationManager/user/paged': () =>
      json({
        items: [
          makeManagedUser({
            id: 3,
            firstName: 'Lien',
            lastName: 'Lid',
            username: 'lid',
            isApproved: true,
            isActive: true,
          }),
          makeManagedUser({
            id: 8,
            firstName: 'Bart',
            lastName: 'Boer',
            username: 'bart',
            email: 'bart@example.be',
            isApproved: true,
            isActive: true,
          }),
          makeManagedUser({
            id: 9,
            firstName: 'Ann',
            lastName: 'Akker',
            username: 'ann',
            email: 'ann@example.be',
            isApproved: true,
            isActive: true,
          }),
        ],
        total: 3,
        page: 1,
        rowsPerPage: 30,
      }),
  };
}
