import type { FastifyInstance } from 'fastify';
import type { BankHandlers } from '../handler-types.js';

// SCAFFOLD: replaced by the slice that owns this file before it lands.
const notBuilt = async (): Promise<never> => {
  throw new Error('not built yet');
};

export function statementHandlers(
  _app: FastifyInstance,
): BankHandlers<'importStatement' | 'imports' | 'importDetail' | 'matchLine' | 'ignoreLine'> {
  return {
    importStatement: notBuilt,
    imports: notBuilt,
    importDetail: notBuilt,
    matchLine: notBuilt,
    ignoreLine: notBuilt,
  };
}
