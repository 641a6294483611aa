import { and, asc, count, eq } from 'drizzle-orm';
import {
  isAdminOnlySettingKey,
  isSecretSettingKey,
  normalizeSettingValue,
  settingValueProblem,
  type ManagedSetting,
  type SettingDetail,
} from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { settings, userSettingOverrides, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import type { RequestAuth } from '../../types.js';
import { audit } from '../audit.js';
import { lockAccountToActOn } from '../users/policy.js';

/**
 * The generic key/value screens (decision 081). `manager` (ApplicationManager, `applicationManager/Setting`)
 * sees every key but the secrets and the advanced ones; `admin` (`/admin/Settings`) every key but the
 * secrets. A key outside the scope does not exist from there: 404 to read, 400 to write.
 */
export type SettingScope = 'manager' | 'admin';

export interface SettingInput {
  key: string;
  value: string;
  isPublic: boolean;
}

export function inScope(key: string, scope: SettingScope): boolean {
  if (isSecretSettingKey(key)) return false;
  return scope === 'admin' || !isAdminOnlySettingKey(key);
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Deze instelling bestaat niet.');

/** A write to a key of another screen: refused on the key field, in words that say where it lives. */
function assertWritable(key: string, scope: SettingScope): void {
  if (inScope(key, scope)) return;
  const message = isSecretSettingKey(key)
    ? 'Deze sleutel bewaart een geheim (wachtwoord of sleutel): stel hem in op zijn eigen scherm.'
    : 'Deze sleutel hoort bij de geavanceerde instellingen: alleen een beheerder (Admin) wijzigt hem.';
  throw new HttpError(400, 'VALIDATION_ERROR', message, { key: message });
}

async function overrideCounts(db: Database | Transaction, appId: string): Promise<Map<string, number>> {
  const rows = await tenantDb(db, appId)
    .select({ key: userSettingOverrides.key, n: count() })
    .from(userSettingOverrides)
    .where(eq(userSettingOverrides.appId, appId))
    .groupBy(userSettingOverrides.key);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

export async function listSettings(
  db: Database,
  appId: string,
  scope: SettingScope,
): Promise<ManagedSetting[]> {
  const [rows, counts] = await Promise.all([
    tenantDb(db, appId)
      .select({ key: settings.key, value: settings.value, isPublic: settings.isPublic })
      .from(settings)
      .where(eq(settings.appId, appId))
      .orderBy(asc(settings.key)),
    overrideCounts(db, appId),
  ]);
  return rows
    .filter((row) => inScope(row.key, scope))
    .map((row) => ({ ...row, overrideCount: counts.get(row.key) ?? 0 }));
}

async function settingRow(db: Database | Transaction, appId: string, key: string, lock = false) {
  const query = tenantDb(db, appId)
    .select({ key: settings.key, value: settings.value, isPublic: settings.isPublic })
    .from(settings)
    .where(and(eq(settings.appId, appId), eq(settings.key, key)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function settingDetail(
  db: Database | Transaction,
  appId: string,
  key: string,
  scope: SettingScope,
): Promise<SettingDetail> {
  const row = inScope(key, scope) ? await settingRow(db, appId, key) : undefined;
  if (!row) throw notFound();
  const overrides = await tenantDb(db, appId)
    .select({
      userId: userSettingOverrides.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      value: userSettingOverrides.value,
    })
    .from(userSettingOverrides)
    .innerJoin(
      users,
      and(eq(users.appId, userSettingOverrides.appId), eq(users.id, userSettingOverrides.userId)),
    )
    .where(and(eq(userSettingOverrides.appId, appId), eq(userSettingOverrides.key, key)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return {
    ...row,
    overrideCount: overrides.length,
    overrides: overrides.map((o) => ({
      userId: o.userId,
      name: `${o.firstName} ${o.lastName}`.trim(),
      value: o.value,
    })),
  };
}

/**
 * A catalogued key's value checked and stored in its one form (decision 094): 400 naming the value field
 * in Dutch ("Dit IBAN klopt niet …"); a farm's own keys stay free text.
 */
function fittingValue(key: string, value: string): string {
  const problem = settingValueProblem(key, value);
  if (problem) throw new HttpError(400, 'VALIDATION_ERROR', problem, { value: problem });
  return normalizeSettingValue(key, value);
}

/** Adds a new key: 409 CONFLICT when the farm has it already (also one the scope does not show). */
export async function addSetting(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: SettingInput,
  scope: SettingScope,
): Promise<ManagedSetting> {
  assertWritable(input.key, scope);
  input = { ...input, value: fittingValue(input.key, input.value) };
  return inTransaction(db, async (tx) => {
    const inserted = await tenantDb(tx, appId)
      .insert(settings)
      .values({ appId, key: input.key, value: input.value, isPublic: input.isPublic })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (inserted.length === 0) {
      throw new HttpError(409, 'CONFLICT', 'Deze sleutel bestaat al: wijzig hem in de lijst.', {
        key: 'Deze sleutel bestaat al.',
      });
    }
    await audit(tx, appId, auth, 'settings.add', { key: input.key, isPublic: input.isPublic });
    return { ...input, overrideCount: 0 };
  });
}

export async function updateSetting(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: SettingInput,
  scope: SettingScope,
): Promise<ManagedSetting> {
  assertWritable(input.key, scope);
  input = { ...input, value: fittingValue(input.key, input.value) };
  return inTransaction(db, async (tx) => {
    const updated = await tenantDb(tx, appId)
      .update(settings)
      .set({ value: input.value, isPublic: input.isPublic })
      .where(and(eq(settings.appId, appId), eq(settings.key, input.key)))
      .returning({ key: settings.key });
    if (updated.length === 0) throw notFound();
    await audit(tx, appId, auth, 'settings.update', { key: input.key, isPublic: input.isPublic });
    const counts = await overrideCounts(tx, appId);
    return { ...input, overrideCount: counts.get(input.key) ?? 0 };
  });
}

/** Deletes a key and every user's own value of it. */
export async function removeSetting(
  db: Database,
  appId: string,
  auth: RequestAuth,
  key: string,
  scope: SettingScope,
): Promise<void> {
  if (!inScope(key, scope)) throw notFound();
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const removed = await farm
      .delete(settings)
      .where(and(eq(settings.appId, appId), eq(settings.key, key)))
      .returning({ key: settings.key });
    if (removed.length === 0) throw notFound();
    await farm
      .delete(userSettingOverrides)
      .where(and(eq(userSettingOverrides.appId, appId), eq(userSettingOverrides.key, key)));
    await audit(tx, appId, auth, 'settings.remove', { key });
  });
}

/**
 * Sets or (value null) removes one user's own value of an existing key of the manager's scope. The
 * setting's row is locked, so a delete running beside it never leaves an override without its key.
 * Only for an account the caller may act on (ADR 086).
 */
export async function manageUserOverride(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: { userId: number; key: string; value: string | null },
): Promise<SettingDetail> {
  if (input.value !== null) input = { ...input, value: fittingValue(input.key, input.value) };
  return inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const row = inScope(input.key, 'manager') ? await settingRow(tx, appId, input.key, true) : undefined;
    if (!row) throw notFound();
    // Only for an account the caller may act on (ADR 086): a manager sets nothing for an Admin.
    await lockAccountToActOn(tx, appId, auth.user, input.userId).catch((err: unknown) => {
      if (err instanceof HttpError && err.code === 'NOT_FOUND') {
        throw new HttpError(404, 'NOT_FOUND', 'Deze gebruiker bestaat niet.');
      }
      throw err;
    });
    if (input.value === null) {
      await farm
        .delete(userSettingOverrides)
        .where(
          and(
            eq(userSettingOverrides.appId, appId),
            eq(userSettingOverrides.userId, input.userId),
            eq(userSettingOverrides.key, input.key),
          ),
        );
    } else {
      await farm
        .insert(userSettingOverrides)
        .values({ appId, userId: input.userId, key: input.key, value: input.value })
        .onConflictDoUpdate({
          target: [userSettingOverrides.appId, userSettingOverrides.userId, userSettingOverrides.key],
          set: { value: input.value, updatedAt: new Date() },
        });
    }
    await audit(tx, appId, auth, 'settings.userOverride', {
      key: input.key,
      userId: input.userId,
      removed: input.value === null,
    });
    return settingDetail(tx, appId, input.key, 'manager');
  });
}
