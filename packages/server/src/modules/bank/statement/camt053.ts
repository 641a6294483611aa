// CAMT.053 (ISO 20022 BankToCustomerStatement), versions .001.02 to .001.08: the namespace (and so the
// version) is ignored and both spellings of what changed are read (TxDtls/Amt from .03 on, the party as
// Dbtr/Nm or Dbtr/Pty/Nm from .08 on, Sts as text or Sts/Cd).
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatEuros, parseStructuredReference } from '@pluk/contract';
import { cleanText, ibanOrNull, structuredReferenceInText } from './statement-text.js';
import { StatementParseError, type ParsedStatement, type StatementLine } from './statement-line.js';

const repeated = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false, // "0012" stays "0012": references and amounts are read as written
  trimValues: true,
  htmlEntities: true, // &#233; as well as &amp;
  isArray: (name) => repeated.has(name),
});

/** The node at a path of element names, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const name of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[name];
  }
  return current;
}

/** The text of an element (with or without attributes), or null. */
function text(node: unknown): string | null {
  const value = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)['#text'] : node;
  return typeof value === 'string' && value !== '' ? value : null;
}

function list(node: unknown): unknown[] {
  return Array.isArray(node) ? node : node === undefined ? [] : [node];
}

/** An ISO 20022 amount ("1234.5") in whole cents; null when it is none. */
function cents(amount: string | null): number | null {
  const match = /^(\d{1,11})(?:\.(\d{1,5}))?$/.exec(amount ?? '');
  if (!match) return null;
  const decimals = (match[2] ?? '').padEnd(5, '0');
  if (decimals.slice(2) !== '000') return null; // a euro amount has no third decimal
  return Number(match[1]) * 100 + Number(decimals.slice(0, 2));
}

function signOf(indicator: string | null): 1 | -1 | null {
  return indicator === 'CRDT' ? 1 : indicator === 'DBIT' ? -1 : null;
}

interface Transaction {
  cents: number | null;
  currency: string | null;
  sign: 1 | -1;
  ref: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  structuredReference: string | null;
  communication: string | null;
}

function transaction(tx: unknown, entrySign: 1 | -1): Transaction {
  const amount = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt'); // .03+ / .02
  const sign = signOf(text(at(tx, 'CdtDbtInd'))) ?? entrySign;
  // Money in comes from the debtor, money out goes to the creditor: the other side is the counterparty.
  const party = sign === 1 ? 'Dbtr' : 'Cdtr';
  const references = list(at(tx, 'RmtInf', 'Strd')).map((s) => text(at(s, 'CdtrRefInf', 'Ref')));
  const unstructured = cleanText(
    list(at(tx, 'RmtInf', 'Ustrd'))
      .map(text)
      .filter((t) => t !== null)
      .join(' '),
  );
  // Only a Belgian OGM counts; an ISO 11649 "RF…" reference is not ours and stays readable as text.
  const ogm = references.map((r) => (r ? parseStructuredReference(r) : null)).find((r) => r !== null) ?? null;
  const otherReferences = cleanText(references.filter((r) => r && !parseStructuredReference(r)).join(' '));
  const communication = unstructured ?? otherReferences;
  return {
    cents: amount === undefined ? null : cents(text(amount)),
    currency: text(at(amount, '@Ccy')),
    sign,
    ref: text(at(tx, 'Refs', 'AcctSvcrRef')),
    counterpartyName: cleanText(
      text(at(tx, 'RltdPties', party, 'Nm')) ?? text(at(tx, 'RltdPties', party, 'Pty', 'Nm')),
    ),
    counterpartyIban: ibanOrNull(text(at(tx, 'RltdPties', `${party}Acct`, 'Id', 'IBAN'))),
    structuredReference: ogm ?? structuredReferenceInText(unstructured),
    communication,
  };
}

function hashKey(line: Omit<StatementLine, 'lineKey'>): string {
  const { bookingDate, amountCents, currency, counterpartyIban, counterpartyName } = line;
  const fields = [bookingDate, amountCents, currency, counterpartyIban, counterpartyName];
  fields.push(line.structuredReference, line.communication);
  return `h:${createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32)}`;
}

interface EntryContext {
  accountKey: string;
  /** "boeking 3 van uittreksel 1", for the uploader. */
  where: string;
}

function entryLines(entry: unknown, context: EntryContext): StatementLine[] {
  const fail = (problem: string): never => {
    throw new StatementParseError(`Dit is geen geldig CAMT.053-bestand: ${context.where}: ${problem}`);
  };
  const status = text(at(entry, 'Sts')) ?? text(at(entry, 'Sts', 'Cd'));
  if (status !== null && status !== 'BOOK') return []; // pending or information only: not yet money
  const sign = signOf(text(at(entry, 'CdtDbtInd'))) ?? fail('CdtDbtInd is geen CRDT of DBIT.');
  const amount = cents(text(at(entry, 'Amt'))) ?? fail(`"${text(at(entry, 'Amt'))}" is geen bedrag.`);
  const currency = text(at(entry, 'Amt', '@Ccy')) ?? fail('het bedrag heeft geen munt (Ccy).');
  const bookingDate = (
    text(at(entry, 'BookgDt', 'Dt')) ??
    text(at(entry, 'BookgDt', 'DtTm')) ??
    text(at(entry, 'ValDt', 'Dt')) ??
    fail('de boekingsdatum (BookgDt) ontbreekt.')
  ).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(bookingDate)) fail(`"${bookingDate}" is geen datum.`);

  // The bank's own reference is the key; NtryRef is often only unique within a day's statement.
  const accountServicerRef = text(at(entry, 'AcctSvcrRef'));
  const entryRef = text(at(entry, 'NtryRef'));
  const entryKey = accountServicerRef
    ? `a:${accountServicerRef}`
    : entryRef
      ? `n:${bookingDate}:${entryRef}`
      : null;
  const key = (own: string | null, line: Omit<StatementLine, 'lineKey'>): StatementLine => ({
    lineKey: `camt:${context.accountKey}:${own ?? hashKey(line)}`,
    ...line,
  });

  const transactions = list(at(entry, 'NtryDtls')).flatMap((details) => list(at(details, 'TxDtls')));
  const facts = transactions.map((tx) => transaction(tx, sign));
  // Several transactions in one entry (a batch) become one line each, when each names its amount in the
  // entry's currency and together they make the entry; else the entry is one line, as booked.
  const split =
    facts.length > 1 &&
    facts.every((f) => f.cents !== null && (f.currency ?? currency) === currency) &&
    facts.reduce((sum, f) => sum + f.sign * (f.cents ?? 0), 0) === sign * amount;
  if (split) {
    return facts.map((f, index) =>
      key(entryKey ? `${entryKey}/${f.ref ?? index + 1}` : f.ref && `a:${f.ref}`, {
        bookingDate,
        amountCents: f.sign * (f.cents ?? 0),
        currency,
        counterpartyName: f.counterpartyName,
        counterpartyIban: f.counterpartyIban,
        structuredReference: f.structuredReference,
        communication: f.communication,
      }),
    );
  }
  const only = facts.length === 1 ? facts[0] : undefined;
  // Without remittance information the bank's description of the entry is the only text there is.
  const communication = only?.communication ?? cleanText(text(at(entry, 'AddtlNtryInf')));
  return [
    key(entryKey ?? (only?.ref ? `a:${only.ref}` : null), {
      bookingDate,
      amountCents: sign * amount,
      currency,
      counterpartyName: only?.counterpartyName ?? null,
      counterpartyIban: only?.counterpartyIban ?? null,
      structuredReference: only?.structuredReference ?? structuredReferenceInText(communication),
      communication,
    }),
  ];
}

/** A balance of the statement by its type code (OPBD opening, CLBD closing), in signed cents; else null. */
function balance(stmt: unknown, codes: readonly string[]): number | null {
  const found = list(at(stmt, 'Bal')).find((b) => {
    const code = text(at(b, 'Tp', 'CdOrPrtry', 'Cd'));
    return code !== null && codes.includes(code);
  });
  if (found === undefined) return null;
  const amount = cents(text(at(found, 'Amt')));
  const sign = signOf(text(at(found, 'CdtDbtInd')));
  if (amount === null || sign === null) {
    throw new StatementParseError(
      `Dit is geen geldig CAMT.053-bestand: het saldo "${text(at(found, 'Amt'))}" kan niet gelezen worden.`,
    );
  }
  return sign * amount;
}

/**
 * Where the statement gives its opening and closing booked balances, the booked entries must make the
 * difference: a file that lost an entry is refused whole (ADR 093). A bank that gives no balances (they
 * are optional in practice for intraday files) is read as before.
 */
function checkBalances(stmt: unknown, lines: readonly StatementLine[], where: string): void {
  const opening = balance(stmt, ['OPBD', 'PRCD']);
  const closing = balance(stmt, ['CLBD']);
  if (opening === null || closing === null) return;
  const net = lines.reduce((sum, l) => sum + l.amountCents, 0);
  if (opening + net !== closing) {
    throw new StatementParseError(
      `Dit CAMT.053-bestand is onvolledig: in ${where} is het beginsaldo ${formatEuros(opening)} plus de boekingen (${formatEuros(net)}) ${formatEuros(opening + net)}, maar het eindsaldo is ${formatEuros(closing)}. Download het uittreksel opnieuw bij je bank; er is niets ingelezen.`,
    );
  }
}

/** The booked lines of a CAMT.053 file (one or more statements of one account). */
export function parseCamt053(xml: string): ParsedStatement {
  // A bank's statement has no DOCTYPE; refusing it means no entity is ever defined or fetched (XXE).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new StatementParseError(
      'Dit XML-bestand bevat een DOCTYPE; een rekeninguittreksel van een bank heeft er geen.',
    );
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new StatementParseError(
      `Dit is geen geldig XML-bestand: regel ${valid.err.line}: ${valid.err.msg}`,
    );
  }
  const statements = list(at(parser.parse(xml), 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) {
    throw new StatementParseError(
      'Dit XML-bestand is geen CAMT.053-rekeninguittreksel (BkToCstmrStmt/Stmt ontbreekt).',
    );
  }
  const accounts = statements.map((stmt) => {
    const iban = ibanOrNull(text(at(stmt, 'Acct', 'Id', 'IBAN')));
    return { iban, key: iban ?? text(at(stmt, 'Acct', 'Id', 'Othr', 'Id')) ?? '-' };
  });
  const distinct = new Set(accounts.map((a) => a.key));
  if (distinct.size > 1) {
    throw new StatementParseError(
      `Dit CAMT.053-bestand bevat uittreksels van ${distinct.size} rekeningen; laad per rekening een bestand op.`,
    );
  }
  const lines = statements.flatMap((stmt, s) => {
    const booked = list(at(stmt, 'Ntry')).flatMap((entry, e) =>
      entryLines(entry, {
        accountKey: accounts[s]?.key ?? '-',
        where: `boeking ${e + 1} van uittreksel ${s + 1}`,
      }),
    );
    checkBalances(stmt, booked, `uittreksel ${s + 1}`);
    return booked;
  });
  // Two equal payments on one day without a bank reference hash alike: number them, in file order.
  const hashed = new Map<string, number>();
  for (const line of lines) {
    if (!line.lineKey.includes(':h:')) continue;
    const occurrence = (hashed.get(line.lineKey) ?? 0) + 1;
    hashed.set(line.lineKey, occurrence);
    if (occurrence > 1) line.lineKey += `.${occurrence}`;
  }
  return { format: 'camt053', accountIban: accounts[0]?.iban ?? null, lines };
}
