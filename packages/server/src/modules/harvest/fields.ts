import { and, asc, eq, sql } from 'drizzle-orm';
import { fieldInputSchema, type Field, type FieldInput } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { cropFields, crops, fields } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';

type Db = Database | Transaction;

const fieldInApp = (appId: string, id: number) => and(eq(fields.appId, appId), eq(fields.id, id));
const cropCountSql = sql<number>`(select count(*) from crop_fields cf where cf.app_id = "fields"."app_id" and cf.field_id = "fields"."id")::int`;

function presentField(row: typeof fields.$inferSelect, cropCount: number): Field {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    cropCount: Number(cropCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The farm's fields by position, then name (a farm has tens of them, not thousands). */
export async function fieldList(db: Db, appId: string): Promise<Field[]> {
  const rows = await tenantDb(db, appId)
    .select({ field: fields, cropCount: cropCountSql })
    .from(fields)
    .where(eq(fields.appId, appId))
    .orderBy(asc(fields.position), asc(fields.name), asc(fields.id));
  return rows.map((r) => presentField(r.field, r.cropCount));
}

export async function fieldDetail(db: Db, appId: string, id: number): Promise<Field> {
  const [row] = await tenantDb(db, appId)
    .select({ field: fields, cropCount: cropCountSql })
    .from(fields)
    .where(fieldInApp(appId, id));
  if (!row) throw notFound();
  return presentField(row.field, row.cropCount);
}

export async function createField(db: Database, appId: string, input: FieldInput): Promise<Field> {
  const values = fieldInputSchema.parse(input);
  try {
    const [row] = await tenantDb(db, appId)
      .insert(fields)
      .values({ appId, ...values })
      .returning({ id: fields.id });
    if (!row) throw new Error('field insert returned nothing');
    return await fieldDetail(db, appId, row.id);
  } catch (err) {
    if (isUniqueViolation(err, 'fields_app_name')) {
      throw new HttpError(409, 'FIELD_NAME_TAKEN', undefined, {
        name: 'Er bestaat al een veld met deze naam.',
      });
    }
    throw err;
  }
}

/** Deletes a field no crop grows on; otherwise 409 FIELD_IN_USE naming (up to five of) the crops. */
export async function deleteField(db: Database, appId: string, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [field] = await farm
      .select({ id: fields.id })
      .from(fields)
      .where(fieldInApp(appId, id))
      .for('update');
    if (!field) throw notFound();
    const users = await farm
      .select({ name: crops.name })
      .from(cropFields)
      .innerJoin(crops, eq(crops.id, cropFields.cropId))
      .where(and(eq(cropFields.appId, appId), eq(cropFields.fieldId, id)))
      .orderBy(asc(sql`lower(${crops.name})`))
      .limit(6);
    if (users.length > 0) {
      const names = users.slice(0, 5).map((u) => u.name);
      const more = users.length > 5 ? ' en andere' : '';
      throw new HttpError(
        409,
        'FIELD_IN_USE',
        `Op dit veld staan nog gewassen (${names.join(', ')}${more}). Haal het eerst bij die gewassen weg.`,
      );
    }
    await farm.delete(fields).where(fieldInApp(appId, id));
  });
}
