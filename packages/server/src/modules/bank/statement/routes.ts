import type { FastifyInstance } from 'fastify';
import { userOf } from '../../../plugins/request-context.js';
import type { BankHandlers } from '../handler-types.js';
import { ignoreLine, matchLine } from './handle-line.js';
import { importStatement } from './import-statement.js';
import { importDetail, importList } from './import-views.js';
import { readStatementUpload } from './read-upload.js';

/** Bank statement files (decision 076): upload and match, the imports, and a manager's hand on a line. */
export function statementHandlers(
  app: FastifyInstance,
): BankHandlers<'importStatement' | 'imports' | 'importDetail' | 'matchLine' | 'ignoreLine'> {
  return {
    importStatement: async (request) =>
      importStatement(app.db, userOf(request), await readStatementUpload(request)),
    imports: async (request) => importList(app.db, userOf(request).appId),
    importDetail: async (request) => importDetail(app.db, userOf(request).appId, request.params.id),
    matchLine: async (request) =>
      matchLine(app.db, userOf(request), request.params.lineId, request.body.transactionId),
    ignoreLine: async (request) => ignoreLine(app.db, userOf(request), request.params.lineId),
  };
}
