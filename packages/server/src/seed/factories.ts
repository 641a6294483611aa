import type { HouseholdMemberInput, LocaleVariant, Role } from '@pluk/contract';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import {
  cropFields,
  crops,
  fields,
  plukAvailability,
  subscriptions,
  userRoles,
  userSubscriptions,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { createHousehold } from '../modules/user/household.js';
import { insertInstallation } from '../modules/admin/installation.js';
import { inTransaction } from '../db/transaction.js';
import { insertTransaction } from '../modules/bank/transactions/create.js';
import type { BankTransactionRow } from '../modules/bank/status-change.js';

/** argon2 is slow on purpose; factories hash each distinct password once per process. */
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export interface AppInput {
  appId: string;
  name?: string;
  hosts?: string[];
  isDefault?: boolean;
  colors?: { primary: string; secondary: string; background: string };
  localeVariant?: LocaleVariant;
  membershipExplanation?: string;
  customRegistrationQuestion?: string | null;
  harvestYearStart?: { month: number; day: number };
  logo?: { data: Buffer; mime: string };
  settings?: { key: string; value: string; isPublic?: boolean }[];
}

/** Creates an installation with its hosts and settings (the same way the Admin's createApp does). */
export async function createApp(db: Database, input: AppInput): Promise<{ appId: string; name: string }> {
  const name = input.name ?? `Boerderij ${input.appId}`;
  await insertInstallation(db, {
    ...input,
    name,
    hosts: input.hosts ?? [],
    localeVariant: input.localeVariant ?? 'nl-be',
  });
  return { appId: input.appId, name };
}

export interface UserInput {
  appId: string;
  username: string;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  address?: { street: string; number: string; postalCode: string; city: string };
  roles?: Role[];
  /** Approved and active (a member); default true. */
  approved?: boolean;
  active?: boolean;
  showContactData?: boolean;
  customQuestionAnswer?: string | null;
  household?: HouseholdMemberInput[];
  createdAt?: Date;
}

export interface CreatedUser {
  id: number;
  appId: string;
  username: string;
  email: string;
  password: string;
}

/** Creates a user with its household and roles; a plain approved, active member unless told otherwise. */
export async function createUser(db: Database, input: UserInput): Promise<CreatedUser> {
  const password = input.password ?? 'pluk-test-password';
  const email = input.email ?? `${input.username.toLowerCase()}@example.test`;
  const firstName = input.firstName ?? input.username;
  const lastName = input.lastName ?? 'Testlid';
  const approved = input.approved ?? true;
  const [user] = await tenantDb(db, input.appId)
    .insert(users)
    .values({
      appId: input.appId,
      username: input.username,
      email,
      passwordHash: await cachedHash(password),
      firstName,
      lastName,
      phone: input.phone ?? '',
      street: input.address?.street ?? '',
      houseNumber: input.address?.number ?? '',
      postalCode: input.address?.postalCode ?? '',
      city: input.address?.city ?? '',
      isApproved: approved,
      isActive: input.active ?? approved,
      showContactData: input.showContactData ?? false,
      customQuestionAnswer: input.customQuestionAnswer ?? null,
      createdAt: input.createdAt,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  await createHousehold(
    db,
    { appId: input.appId, userId: user.id, name: `${firstName} ${lastName}` },
    input.household ?? [],
  );
  if (input.roles?.length) {
    await tenantDb(db, input.appId)
      .insert(userRoles)
      .values(input.roles.map((role) => ({ appId: input.appId, userId: user.id, role })));
  }
  return { id: user.id, appId: input.appId, username: input.username, email, password };
}

/** A field of a farm (decision 074). */
export async function createField(
  db: Database,
  input: { appId: string; name: string; description?: string; position?: number },
): Promise<{ id: number }> {
  const [row] = await tenantDb(db, input.appId)
    .insert(fields)
    .values({
      appId: input.appId,
      name: input.name,
      description: input.description ?? '',
      position: input.position ?? 0,
    })
    .returning({ id: fields.id });
  if (!row) throw new Error('field insert returned nothing');
  return row;
}

export interface CropFactoryInput {
  appId: string;
  name: string;
  description?: string;
  howToHarvest?: string;
  hint?: string;
  unit?: string;
  isActive?: boolean;
  fieldIds?: number[];
}

/** A crop with its fields (decision 074). */
export async function createCrop(db: Database, input: CropFactoryInput): Promise<{ id: number }> {
  const farm = tenantDb(db, input.appId);
  const [row] = await farm
    .insert(crops)
    .values({
      appId: input.appId,
      name: input.name,
      description: input.description ?? '',
      howToHarvest: input.howToHarvest ?? '',
      hint: input.hint ?? '',
      unit: input.unit ?? '',
      isActive: input.isActive ?? true,
    })
    .returning({ id: crops.id });
  if (!row) throw new Error('crop insert returned nothing');
  if (input.fieldIds?.length) {
    await farm
      .insert(cropFields)
      .values(input.fieldIds.map((fieldId) => ({ appId: input.appId, cropId: row.id, fieldId })));
  }
  return row;
}

export interface SubscriptionFactoryInput {
  appId: string;
  name: string;
  harvestYear: number;
  description?: string;
  adultPriceCents?: number;
  childPriceCents?: number;
  requiredCredits?: number;
  isActive?: boolean;
  isOpenForRegistration?: boolean;
}

/** A subscription of a harvest year (decision 074). */
export async function createSubscription(
  db: Database,
  input: SubscriptionFactoryInput,
): Promise<{ id: number }> {
  const [row] = await tenantDb(db, input.appId)
    .insert(subscriptions)
    .values({
      appId: input.appId,
      name: input.name,
      harvestYear: input.harvestYear,
      description: input.description ?? '',
      adultPriceCents: input.adultPriceCents ?? 0,
      childPriceCents: input.childPriceCents ?? 0,
      requiredCredits: input.requiredCredits ?? 0,
      isActive: input.isActive ?? true,
      isOpenForRegistration: input.isOpenForRegistration ?? false,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}

/** Gives a user (an account holder) a subscription. */
export async function subscribeUser(
  db: Database,
  input: { appId: string; userId: number; subscriptionId: number },
): Promise<void> {
  await tenantDb(db, input.appId).insert(userSubscriptions).values(input).onConflictDoNothing();
}

/** Sets a crop's pluk row for a subscription. */
export async function setPluk(
  db: Database,
  input: {
    appId: string;
    cropId: number;
    subscriptionId: number;
    isPickable: boolean;
    amountPerShare?: string;
  },
): Promise<void> {
  await tenantDb(db, input.appId)
    .insert(plukAvailability)
    .values({ ...input, amountPerShare: input.amountPerShare ?? '' })
    .onConflictDoUpdate({
      target: [plukAvailability.appId, plukAvailability.cropId, plukAvailability.subscriptionId],
      set: { isPickable: input.isPickable, amountPerShare: input.amountPerShare ?? '' },
    });
}

export interface BankTransactionFactoryInput {
  appId: string;
  userId: number;
  amountCents: number;
  harvestYear: number;
  subscriptionId?: number | null;
  description?: string;
  /** YYYY-MM-DD; default 30 days from now. */
  dueDate?: string;
  payerName?: string;
}

/** An open bank transaction (decision 077), made the way the bank makes them. */
export async function createBankTransaction(
  db: Database,
  input: BankTransactionFactoryInput,
): Promise<BankTransactionRow> {
  const dueDate = input.dueDate ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return inTransaction(db, (tx) =>
    insertTransaction(
      tx,
      input.appId,
      {
        userId: input.userId,
        payerName: input.payerName ?? 'Lid',
        subscriptionId: input.subscriptionId ?? null,
        harvestYear: input.harvestYear,
        amountCents: input.amountCents,
        description: input.description ?? 'Abonnement',
        dueDate,
      },
      null,
    ),
  );
}
