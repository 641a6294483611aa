import { sql } from 'drizzle-orm';
import type { CreatedApp } from '@pluk/contract';
import { multipartBody, type MultipartPart } from './multipart.js';
import type { TestContext } from './test-app.js';

/** The text fields of a valid new-farm form for `appId` on `<appId>.test`. */
export function newFarmFields(appId: string, overrides: Record<string, string | string[]> = {}) {
  const fields: Record<string, string | string[]> = {
    name: `Boerderij ${appId}`,
    appId,
    hosts: [`${appId}.test`],
    colorPrimary: '#336699',
    colorSecondary: '#99ccff',
    colorBackground: '#fafafa',
    localeVariant: 'nl-be',
    adminUsername: 'eerste-admin',
    adminEmail: `admin@${appId}.test`,
    adminPassword: 'een-lang-nieuw-wachtwoord',
    adminFirstName: 'Eva',
    adminLastName: 'Eerste',
    ...overrides,
  };
  return fields;
}

/** A multipart body from form fields (repeated for a list) and optional files. */
export function formBody(
  fields: Record<string, string | string[]>,
  files: Extract<MultipartPart, { data: Buffer }>[] = [],
) {
  const parts: MultipartPart[] = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
  return multipartBody([...parts, ...files]);
}

/** `POST Admin/AdminAction/createApp` as `as` on the test host. */
export function postNewFarm(
  ctx: TestContext,
  as: { id: number; appId: string },
  fields: Record<string, string | string[]>,
  files: Extract<MultipartPart, { data: Buffer }>[] = [],
  host?: string,
) {
  const body = formBody(fields, files);
  return ctx.request({
    method: 'POST',
    url: '/api/Admin/AdminAction/createApp',
    as,
    payload: body.payload,
    headers: { ...body.headers, ...(host ? { host } : {}) },
  });
}

/** Makes a farm through the API and answers what createApp said. */
export async function createFarmThroughApi(
  ctx: TestContext,
  as: { id: number; appId: string },
  appId: string,
): Promise<CreatedApp> {
  const response = await postNewFarm(ctx, as, newFarmFields(appId));
  if (response.statusCode !== 201) throw new Error(`createApp ${appId}: ${response.body}`);
  return response.json() as CreatedApp;
}

/** Every table with an `app_id` column, read from the database's catalog (not a hand-kept list). */
export async function tablesWithAppId(ctx: TestContext): Promise<string[]> {
  const rows = (await ctx.db.execute(
    sql`select table_name as name from information_schema.columns
        where column_name = 'app_id' and table_schema = current_schema() order by table_name`,
  )) as unknown as { rows?: { name: string }[] } | { name: string }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list.map((row) => row.name);
}

/** Row counts per table: of the farm `appId` (`of`), or of every other farm (`besides`). */
export async function rowCounts(
  ctx: TestContext,
  tables: readonly string[],
  which: 'of' | 'besides',
  appId: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const condition = which === 'of' ? sql`app_id = ${appId}` : sql`app_id is distinct from ${appId}`;
    const result = (await ctx.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${condition}`,
    )) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const list = Array.isArray(result) ? result : (result.rows ?? []);
    counts[table] = Number(list[0]?.n ?? 0);
  }
  return counts;
}
