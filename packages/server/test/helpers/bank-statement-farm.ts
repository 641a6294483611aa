import { expect } from 'vitest';
import { statementImportDetailSchema, type StatementImportDetail } from '@pluk/contract';
import { currentHarvestYear } from '../../src/modules/harvest-year.js';
import { createBankTransaction, type CreatedUser } from '../../src/seed/factories.js';
import { multipartFile } from './multipart.js';
import { uniqueName, type TestContext } from './test-app.js';

/**
 * A farm of its own for a bank-file test: its own transactions, imports and line keys, so a test's
 * counts never include another test's rows.
 */
export interface StatementFarm {
  appId: string;
  /** The Host header that reaches this farm. */
  host: string;
  /** Its current harvest year. */
  year: number;
  /** Its BankManager, who uploads and handles lines unless a test says otherwise: `managers[0]`. */
  manager: CreatedUser;
  managers: CreatedUser[];
  /** A member who owes the farm (`oweOn`'s default). */
  payer: CreatedUser;
}

let farmCount = 0;

/** A new farm `${prefix}N` with `managers` BankManagers (1), the first named `managerName` when given. */
export async function newStatementFarm(
  ctx: TestContext,
  prefix: string,
  options: { managerName?: { firstName: string; lastName: string }; managers?: number } = {},
): Promise<StatementFarm> {
  farmCount += 1;
  const appId = `${prefix}${farmCount}`;
  const host = `${appId}.test`;
  await ctx.createApp({ appId, hosts: [host] });
  const managers: CreatedUser[] = [];
  for (let i = 0; i < (options.managers ?? 1); i += 1) {
    const name = i === 0 ? options.managerName : undefined;
    managers.push(
      await ctx.createUser({ appId, username: uniqueName('kassier'), ...name, roles: ['BankManager'] }),
    );
  }
  const payer = await ctx.createUser({ appId, username: uniqueName('lid') });
  const { year } = await currentHarvestYear(ctx.db, appId);
  return { appId, host, year, manager: managers[0]!, managers, payer };
}

/** An open transaction of the farm's harvest year for `user` (the farm's payer unless given). */
export function oweOn(
  ctx: TestContext,
  farm: StatementFarm,
  amountCents: number,
  options: { user?: CreatedUser; description?: string; payerName?: string } = {},
) {
  return createBankTransaction(ctx.db, {
    appId: farm.appId,
    userId: (options.user ?? farm.payer).id,
    amountCents,
    harvestYear: farm.year,
    description: options.description,
    payerName: options.payerName,
  });
}

/** Uploads a bank file to the farm's import route, as its manager unless `as` is given. */
export function uploadStatement(
  ctx: TestContext,
  farm: StatementFarm,
  fileName: string,
  data: Buffer,
  as: CreatedUser = farm.manager,
) {
  const { payload, headers } = multipartFile('file', fileName, 'application/octet-stream', data);
  return ctx.request({
    method: 'POST',
    url: '/api/applicationManager/bank/import',
    as,
    payload,
    headers: { ...headers, host: farm.host },
  });
}

/** Uploads a bank file that must be read (200) and answers its import's detail. */
export async function importedStatement(
  ctx: TestContext,
  farm: StatementFarm,
  fileName: string,
  data: Buffer,
): Promise<StatementImportDetail> {
  const response = await uploadStatement(ctx, farm, fileName, data);
  expect(response.statusCode, response.body).toBe(200);
  return statementImportDetailSchema.parse(response.json());
}
