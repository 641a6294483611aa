// The one entry point for an uploaded statement file: guards its size, recognises the format from the
// content (not the file name, which banks and people name freely) and hands it to the right parser.
import { parseCamt053 } from './camt053.js';
import { parseCoda } from './coda.js';
import { decodeStatementBytes } from './statement-text.js';
import {
  StatementParseError,
  statementLimits,
  type ParsedStatement,
  type StatementLine,
} from './statement-line.js';

const megabytes = statementLimits.maxBytes / (1024 * 1024);

function sameLine(a: StatementLine, b: StatementLine): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * One line per key: the same booking twice in one file (overlapping statements) is kept once; two
 * different lines that happen to share a key both stay, the second with a suffix, so no money is lost.
 */
function uniqueKeys(lines: StatementLine[]): StatementLine[] {
  const byKey = new Map<string, StatementLine[]>();
  const result: StatementLine[] = [];
  for (const line of lines) {
    const earlier = byKey.get(line.lineKey) ?? [];
    if (earlier.some((e) => sameLine(e, line))) continue;
    byKey.set(line.lineKey, [...earlier, line]);
    result.push(earlier.length === 0 ? line : { ...line, lineKey: `${line.lineKey}#${earlier.length + 1}` });
  }
  return result;
}

/** The lines of a CODA or CAMT.053 file; a StatementParseError (in Dutch) says why a file is refused. */
export function parseStatement(fileName: string, bytes: Buffer): ParsedStatement {
  if (bytes.length > statementLimits.maxBytes) {
    throw new StatementParseError(
      `"${fileName}" is groter dan ${megabytes} MB; download een afschrift over een kortere periode.`,
    );
  }
  const text = decodeStatementBytes(bytes);
  const start = text.trimStart();
  let parsed: ParsedStatement;
  if (start.startsWith('<')) {
    if (!/<(?:\w+:)?BkToCstmrStmt[\s/>]/.test(text)) {
      throw new StatementParseError(
        `"${fileName}" is een XML-bestand maar geen CAMT.053-rekeninguittreksel (BkToCstmrStmt).`,
      );
    }
    parsed = parseCamt053(text);
  } else if (/^0{5}\d{6}/.test(start)) {
    // A CODA file opens with its header record: "0", four zeros, the creation date DDMMYY.
    parsed = parseCoda(text);
  } else {
    throw new StatementParseError(
      `"${fileName}" is geen CODA- of CAMT.053-bestand. Download bij je bank het rekeninguittreksel als CODA of als CAMT.053 (XML).`,
    );
  }
  if (parsed.lines.length > statementLimits.maxLines) {
    throw new StatementParseError(
      `"${fileName}" bevat ${parsed.lines.length} boekingen, meer dan ${statementLimits.maxLines}; download een kortere periode.`,
    );
  }
  return { ...parsed, lines: uniqueKeys(parsed.lines) };
}
