export { parseStatement } from './parse-statement.js';
export { StatementParseError, statementLimits } from './statement-line.js';
export type { ParsedStatement, StatementLine } from './statement-line.js';
