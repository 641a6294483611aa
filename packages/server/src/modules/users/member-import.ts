import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  addressSchema,
  emailSchema,
  memberImportColumns,
  nameSchema,
  phoneSchema,
  usernameSchema,
  type MemberImportColumnKey,
  type MemberImportError,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberImportRow,
} from '@pluk/contract';
import type { ZodType } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { householdMembers, households, importBatchItems, jobs, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { controlCharacterMessage, hasControlCharacter } from '../../lib/control-characters.js';
import { HttpError } from '../../lib/http-error.js';
import { importProgress, type Reporter } from '../../lib/import-progress.js';
import { refused, sheetRows, type ImportFile } from '../../lib/spreadsheet-import.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { accountMailLinks, queueWelcomeEmails, type MailedUser } from '../auth/account-mails.js';
import {
  listImportBatches,
  lockOpenBatch,
  markUndone,
  namedList,
  namesShown,
  rowsOf,
  startBatch,
} from '../imports/batches.js';
import { importTemplate } from '../imports/template.js';
import { unusablePasswordHash } from './accounts.js';

type Db = Database | Transaction;

/*
 * The members spreadsheet import (decision 097), the crop import's twin (decisions 074, 094): the same
 * file reading, preview, one transaction, progress and undoable batch. Members come in approved and
 * active, without a password; they are mailed only when the manager asks for it.
 */

const headers = memberImportColumns.map((c) => c.header);
const headerOf = (key: MemberImportColumnKey) => memberImportColumns.find((c) => c.key === key)!.header;

/** The welcome e-mail of an import is named by its batch: one per member, never twice. */
const welcomeOccasion = (batchId: number) => `import-${batchId}`;

/** Problems of one cell, by the contract's own schemas: the form and the import say the same. */
function problemOf(schema: ZodType, value: string): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Deze waarde is ongeldig.');
}

const addressLimits = addressSchema.shape;

/** A username from the e-mail address (`an.peeters@x.be` → `an.peeters`), free on this farm and in the file. */
function usernameFrom(email: string, taken: Set<string>): string {
  let base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 36);
  if (base.length < 3) base = `lid${base}`.slice(0, 36);
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base}${n}`;
  return candidate;
}

/** Every row of the sheet as a member with its problems, naming row and column (the Dutch header). */
export async function buildMemberRows(db: Db, appId: string, sheet: string[][]): Promise<MemberImportRow[]> {
  if (sheet.every((cells) => cells.every((c) => c.trim() === ''))) {
    throw refused(
      `Het bestand is leeg. Begin met het sjabloon: de eerste rij noemt de kolommen ${headers.join(', ')}.`,
    );
  }
  const header = (sheet[0] ?? []).map((h) => h.trim().toLowerCase());
  const positions = new Map<MemberImportColumnKey, number>();
  for (const column of memberImportColumns) {
    const index = header.indexOf(column.header.toLowerCase());
    if (index >= 0) positions.set(column.key, index);
  }
  const missing = memberImportColumns.filter((c) => c.required && !positions.has(c.key));
  if (missing.length > 0) {
    throw refused(
      `Rij 1: ${missing.length === 1 ? 'de kolom' : 'de kolommen'} ${missing.map((c) => `"${c.header}"`).join(', ')} ${missing.length === 1 ? 'ontbreekt' : 'ontbreken'}. De eerste rij noemt de kolommen: ${headers.join(', ')}. Begin met het sjabloon.`,
    );
  }
  const known = await tenantDb(db, appId)
    .select({ email: sql<string>`lower(${users.email})`, username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(eq(users.appId, appId));
  const knownEmails = new Set(known.map((k) => k.email));
  const takenUsernames = new Set(known.map((k) => k.username));
  const emailRows = new Map<string, number>();
  const usernameRows = new Map<string, number>();
  const rows: MemberImportRow[] = [];
  const pending: { row: MemberImportRow; email: string }[] = [];
  sheet.slice(1).forEach((cells, index) => {
    const rowNumber = index + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const errors: MemberImportError[] = [];
    const raw = (key: MemberImportColumnKey) => {
      const at = positions.get(key);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const error = (key: MemberImportColumnKey | null, message: string) =>
      errors.push({ row: rowNumber, column: key ? headerOf(key) : null, message });
    const check = (key: MemberImportColumnKey, schema: ZodType) => {
      const value = raw(key);
      if (hasControlCharacter(value)) error(key, controlCharacterMessage);
      else {
        const problem = problemOf(schema, value);
        if (problem) error(key, problem);
      }
      return value;
    };
    const firstName = raw('firstName') === '' ? '' : check('firstName', nameSchema('voornaam'));
    if (firstName === '') error('firstName', 'Vul een voornaam in.');
    const lastName = raw('lastName') === '' ? '' : check('lastName', nameSchema('achternaam'));
    if (lastName === '') error('lastName', 'Vul een achternaam in.');
    const email = raw('email');
    const lowerEmail = email.toLowerCase();
    if (email === '') error('email', 'Het e-mailadres ontbreekt.');
    else if (problemOf(emailSchema, email)) error('email', `"${email}" is geen geldig e-mailadres.`);
    else if (knownEmails.has(lowerEmail)) error('email', 'Dit e-mailadres is al lid van deze boerderij.');
    else if (emailRows.has(lowerEmail)) {
      error('email', `Dit e-mailadres staat al op rij ${emailRows.get(lowerEmail)} van het bestand.`);
    } else emailRows.set(lowerEmail, rowNumber);
    const phone = check('phone', phoneSchema);
    const address = {
      street: check('street', addressLimits.street),
      number: check('number', addressLimits.number),
      postalCode: check('postalCode', addressLimits.postalCode),
      city: check('city', addressLimits.city),
    };
    const username = raw('username');
    if (username !== '') {
      check('username', usernameSchema);
      const lower = username.toLowerCase();
      if (takenUsernames.has(lower))
        error('username', 'Deze gebruikersnaam is al in gebruik op deze boerderij.');
      else if (usernameRows.has(lower)) {
        error('username', `Deze gebruikersnaam staat al op rij ${usernameRows.get(lower)} van het bestand.`);
      } else usernameRows.set(lower, rowNumber);
    }
    const row: MemberImportRow = {
      row: rowNumber,
      firstName,
      lastName,
      email,
      phone,
      address,
      username,
      errors,
    };
    rows.push(row);
    if (username === '') pending.push({ row, email });
  });
  // Usernames made from e-mail addresses come after every chosen one, so they never take a chosen name.
  const taken = new Set([...takenUsernames, ...usernameRows.keys()]);
  for (const { row, email } of pending) {
    row.username = usernameFrom(email, taken);
    taken.add(row.username.toLowerCase());
  }
  return rows;
}

function previewOf(rows: MemberImportRow[]): MemberImportPreview {
  const errorCount = rows.reduce((sum, r) => sum + r.errors.length, 0);
  return { rows, creates: rows.length, errorCount, canImport: errorCount === 0 && rows.length > 0 };
}

export async function previewMemberImport(
  db: Database,
  appId: string,
  file: ImportFile,
): Promise<MemberImportPreview> {
  return previewOf(await buildMemberRows(db, appId, await sheetRows(file, headers)));
}

/** The members' progress keys apart from the crops': each endpoint answers only its own import. */
export const memberProgressKey = (key: string) => `members:${key}`;

export interface MemberImportOptions {
  progressKey?: string | undefined;
  sendWelcomeEmail: boolean;
}

/** Members written between two progress counts. */
const chunk = 200;

/**
 * Imports every row in one transaction, or nothing (decision 097). The transaction first takes the farm's
 * member-import lock and only then reads who is already a member: a second confirm of the same file
 * (a double click, two tabs) waits for the first and then finds every address taken (400 IMPORT_INVALID),
 * never imports twice and never meets the unique index as a 500.
 */
export async function confirmMemberImport(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  file: ImportFile,
  options: MemberImportOptions,
): Promise<MemberImportResult> {
  const sheet = await sheetRows(file, headers);
  const links = options.sendWelcomeEmail ? await accountMailLinks(app, tenant.appId) : null;
  const progress = importProgress.start(
    tenant.appId,
    options.progressKey && memberProgressKey(options.progressKey),
    Math.max(0, sheet.length - 1),
  );
  let result: MemberImportResult;
  try {
    result = await inTransaction(app.db, (tx) =>
      writeMemberImport(tx, tenant, auth, sheet, file.fileName, links?.loginUrl ?? null, progress),
    );
  } finally {
    progress.finish();
  }
  if (result.emailed > 0) app.jobs.wake();
  return result;
}

async function writeMemberImport(
  tx: Transaction,
  tenant: Tenant,
  auth: RequestAuth,
  sheet: string[][],
  fileName: string,
  loginUrl: string | null,
  progress: Reporter,
): Promise<MemberImportResult> {
  const appId = tenant.appId;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`member-import:${appId}`}))`);
  const rows = await buildMemberRows(tx, appId, sheet);
  if (rows.length === 0) {
    throw new HttpError(400, 'IMPORT_INVALID', 'Het bestand bevat geen leden onder de eerste rij.');
  }
  const errors = rows.flatMap((r) => r.errors);
  if (errors.length > 0) {
    const first = errors[0]!;
    const fieldsOf = Object.fromEntries(
      errors.slice(0, 50).map((e) => [`rij ${e.row}${e.column ? `, ${e.column}` : ''}`, e.message]),
    );
    throw new HttpError(
      400,
      'IMPORT_INVALID',
      `Het bestand bevat ${errors.length} ${errors.length === 1 ? 'fout' : 'fouten'}; er werd niemand ingelezen. Rij ${first.row}${first.column ? `, kolom ${first.column}` : ''}: ${first.message}`,
      fieldsOf,
    );
  }
  const farm = tenantDb(tx, appId);
  const batchId = await startBatch(tx, {
    appId,
    kind: 'members',
    fileName,
    userId: auth.user.id,
    created: rows.length,
    updated: 0,
  });
  const mailed: MailedUser[] = [];
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const inserted = await farm
      .insert(users)
      .values(
        part.map((r) => ({
          appId,
          username: r.username,
          email: r.email,
          passwordHash: unusablePasswordHash(),
          firstName: r.firstName,
          lastName: r.lastName,
          phone: r.phone,
          street: r.address.street,
          houseNumber: r.address.number,
          postalCode: r.address.postalCode,
          city: r.address.city,
          isApproved: true,
          isActive: true,
        })),
      )
      .returning({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      });
    const homes = await farm
      .insert(households)
      .values(inserted.map((u) => ({ appId, holderUserId: u.id })))
      .returning({ id: households.id, holderUserId: households.holderUserId });
    const nameOf = new Map(inserted.map((u) => [u.id, `${u.firstName} ${u.lastName}`]));
    await farm.insert(householdMembers).values(
      homes.map((h) => ({
        appId,
        householdId: h.id,
        name: nameOf.get(h.holderUserId)!,
        yearOfBirth: null,
        isAdult: true,
        isHolder: true,
        position: 0,
      })),
    );
    await farm
      .insert(importBatchItems)
      .values(inserted.map((u) => ({ appId, batchId, entityId: u.id, action: 'create' as const })));
    mailed.push(...inserted);
    progress.step(start + part.length);
  }
  const emailed = loginUrl
    ? await queueWelcomeEmails(tx, tenant, loginUrl, mailed, () => welcomeOccasion(batchId))
    : 0;
  await audit(tx, appId, auth, 'user.import', { batchId, created: rows.length, emailed });
  return { created: rows.length, emailed, batchId };
}

// ---------------------------------------------------------------------------------------------------------
// The batch and its undo

/**
 * The members of a batch who used their account since the import (decision 097): logged in or chose a
 * password, were changed by a manager (approved, edited, roles, deleted), or have anything of their own —
 * a subscription, money, credits, chores, events, market items, a questionnaire, comments, feedback or
 * an e-mail change. Undo would take that from them.
 */
async function blockers(db: Db, appId: string, batchId: number) {
  const own = (table: string, column = 'user_id') =>
    sql.raw(`exists (select 1 from ${table} x where x.app_id = u.app_id and x.${column} = u.id)`);
  const found = await db.execute(sql`
    select u.first_name || ' ' || u.last_name as name, count(*) over () as total
    from import_batch_items i
    join import_batches b on b.app_id = i.app_id and b.id = i.batch_id
    join users u on u.app_id = i.app_id and u.id = i.entity_id
    where i.app_id = ${appId} and i.batch_id = ${batchId}
      and (
        u.updated_at > b.created_at
        or u.last_seen_at is not null
        or u.anonymized_at is not null
        or u.password_hash not like '!unusable:%'
        or ${own('refresh_tokens')}
        or ${own('user_subscriptions')}
        or ${own('bank_transactions')}
        or ${own('wallets')}
        or ${own('credit_entries')}
        or ${own('task_assignments')}
        or ${own('event_attendances')}
        or ${own('product_reservations')}
        or ${own('products', 'owner_user_id')}
        or ${own('requests', 'requester_user_id')}
        or ${own('intention_questionnaires')}
        or ${own('comments')}
        or ${own('feedback')}
        or ${own('email_changes')}
      )
    order by lower(u.last_name), lower(u.first_name), u.id
    limit ${namesShown}`);
  const list = rowsOf<{ name: string; total: number | string }>(found);
  return { names: list.map((r) => r.name), count: Number(list[0]?.total ?? 0) };
}

function blockedMessage(found: { names: string[]; count: number }): string | null {
  if (found.count === 0) return null;
  return `${found.count === 1 ? 'Dit lid gebruikte' : `${found.count} leden gebruikten`} het account al (aangemeld, ingeschreven, betaald of door een beheerder gewijzigd): ${namedList(found)}. Ongedaan maken zou dat wissen.`;
}

export async function listMemberImportBatches(db: Database, appId: string) {
  return listImportBatches(db, appId, 'members', async (id) => blockedMessage(await blockers(db, appId, id)));
}

/**
 * Undoes a member import in one transaction (decision 097): its members are deleted (their household,
 * roles and reset links go with them) and their welcome e-mails still waiting are withdrawn. Refused as a
 * whole while any of them used the account (IMPORT_IN_USE, naming them). The batch row and the members
 * are locked first, so a login or an edit cannot slip in between the check and the delete.
 */
export async function undoMemberImport(
  app: FastifyInstance,
  appId: string,
  auth: RequestAuth,
  batchId: number,
): Promise<{ deleted: number; restored: number }> {
  return inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const { items } = await lockOpenBatch(tx, appId, 'members', batchId);
    const ids = items.map((i) => i.entityId);
    for (let start = 0; start < ids.length; start += 1000) {
      await farm
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.appId, appId), inArray(users.id, ids.slice(start, start + 1000))))
        .for('update');
    }
    const message = blockedMessage(await blockers(tx, appId, batchId));
    if (message) throw new HttpError(409, 'IMPORT_IN_USE', message);
    let deleted = 0;
    for (let start = 0; start < ids.length; start += 1000) {
      const part = ids.slice(start, start + 1000);
      await farm.delete(jobs).where(
        and(
          eq(jobs.appId, appId),
          eq(jobs.status, 'waiting'),
          inArray(
            jobs.idempotencyKey,
            part.map((id) => `welcome:${appId}:${id}:${welcomeOccasion(batchId)}`),
          ),
        ),
      );
      const gone = await farm
        .delete(users)
        .where(and(eq(users.appId, appId), inArray(users.id, part)))
        .returning({ id: users.id });
      deleted += gone.length;
    }
    await markUndone(tx, appId, batchId, auth.user.id);
    await audit(tx, appId, auth, 'user.import.undo', { batchId, deleted });
    return { deleted, restored: 0 };
  });
}

/** The members spreadsheet to start from (decision 097). */
export function memberImportTemplate(): Promise<Buffer> {
  const about: Record<MemberImportColumnKey, { help: string; example: string; width: number }> = {
    firstName: { help: 'Verplicht.', example: 'An', width: 16 },
    lastName: { help: 'Verplicht.', example: 'Peeters', width: 20 },
    email: {
      help: 'Verplicht, één adres per lid. Een adres dat al lid is van de boerderij wordt niet opnieuw ingelezen.',
      example: 'an.peeters@voorbeeld.be',
      width: 30,
    },
    phone: { help: 'Cijfers, spaties en + ( ) . / -.', example: '0470 12 34 56', width: 16 },
    street: { help: 'Het adres van het lid.', example: 'Kerkstraat', width: 24 },
    number: { help: 'Huisnummer met bus.', example: '12 bus 3', width: 12 },
    postalCode: { help: 'Postcode.', example: '9000', width: 10 },
    city: { help: 'Gemeente.', example: 'Gent', width: 18 },
    username: {
      help: 'Mag leeg blijven: dan wordt het deel van het e-mailadres voor de @ de gebruikersnaam.',
      example: 'anpeeters',
      width: 18,
    },
  };
  return importTemplate(
    'Leden',
    memberImportColumns.map((c) => ({ key: c.key, header: c.header, ...about[c.key] })),
    'Vul één lid per rij in onder de kolomnamen. Formules worden niet aanvaard. Leden krijgen geen wachtwoord: ze kiezen er zelf een via "Wachtwoord vergeten" of de welkomstmail.',
  );
}
