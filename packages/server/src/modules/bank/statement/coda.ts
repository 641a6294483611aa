// CODA ("gecodeerd dagafschrift"), the Belgian banks' statement file: Febelfin standard, version 2.
// Fixed-width records of 128 characters; positions below are the standard's, counted from 1:
//   0    header (128: version code "2")
//   1    old balance: 2 account structure, 3–5 paper statement number, 6–42 account and currency,
//        59–64 old balance date, 126–128 CODA statement number
//   2.1  movement: 3–6 sequence number, 7–10 detail number, 32 sign (0 credit, 1 debit),
//        33–47 amount (12 + 3 decimals), 62 communication type (1 structured), 63–115 communication
//        (structured: 63–65 type, "101"/"102" then the 12 digits), 116–121 entry date, 125 globalisation
//   2.2  11–63 communication continued          2.3  11–47 counterparty account, 48–82 its name,
//                                                     83–125 communication continued
//   3.x  information, 4 free message (not needed here), 8 new balance (42 sign, 43–57 balance),
//   9    trailer: 17–22 number of records between header and trailer, 23–37 debits, 38–52 credits
//        (the booked movements, detail 0000: a globalised total, not its details).
// The old balance is at 43 (sign) and 44–58 of record 1. ADR 093: the trailer and the balances are checked.
// Cross-checked against Odoo's account_bank_statement_import_coda and php-coda-parser.
import {
  belgianIbanFromAccountNumber,
  cleanText,
  ibanOrNull,
  structuredReferenceInText,
} from './statement-text.js';
import { StatementParseError, type ParsedStatement, type StatementLine } from './statement-line.js';
import { formatEuros, parseStructuredReference } from '@pluk/contract';

const recordLength = 128;

interface CodaRecord {
  /** 1-based line in the file, for the uploader's error message. */
  lineNumber: number;
  text: string;
}

interface Account {
  iban: string | null;
  /** The account as the file writes it: part of the line key when it is no IBAN. */
  raw: string;
  currency: string;
}

interface Movement {
  lineNumber: number;
  sequence: string;
  detail: string;
  cents: number;
  entryDate: string;
  globalisation: number;
  structured: boolean;
  communication: string;
  continued: string;
  counterpartyAccount: string;
  counterpartyName: string;
}

interface Statement {
  account: Account;
  statementKey: string;
  movements: Movement[];
  /** Record 1's old balance and record 8's new balance, in cents (null until record 8 is read). */
  oldBalanceCents: number;
  newBalanceCents: number | null;
  /** The line of record 1, to name in a message. */
  lineNumber: number;
}

/** What one header-to-trailer block of the file holds, to check against its trailer (ADR 093). */
interface Block {
  records: number;
  debitCents: number;
  creditCents: number;
  statements: Statement[];
}

function fail(lineNumber: number, problem: string): never {
  throw new StatementParseError(`Dit is geen geldig CODA-bestand: regel ${lineNumber}: ${problem}`);
}

/** Positions `from`–`to` as the standard counts them (1-based, both included). */
function field(record: CodaRecord, from: number, to = from): string {
  return record.text.slice(from - 1, to);
}

function digits(record: CodaRecord, from: number, to: number, what: string): string {
  const value = field(record, from, to);
  if (!/^\d+$/.test(value))
    fail(
      record.lineNumber,
      `${what} (positie ${from === to ? from : `${from}–${to}`}) is geen getal: "${value}".`,
    );
  return value;
}

/** DDMMYY as YYYY-MM-DD (CODA 2 exists since 2000). */
function date(record: CodaRecord, from: number, what: string): string {
  const ddmmyy = digits(record, from, from + 5, what);
  const [day, month, year] = [ddmmyy.slice(0, 2), ddmmyy.slice(2, 4), `20${ddmmyy.slice(4)}`];
  const parsed = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.getUTCDate() !== Number(day)) {
    fail(record.lineNumber, `${what} "${ddmmyy}" is geen datum (DDMMJJ).`);
  }
  return `${year}-${month}-${day}`;
}

/** The lines of the file as 128-character records; a shorter line lost only trailing blanks. */
function records(text: string): CodaRecord[] {
  const result: CodaRecord[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    if (line.length > recordLength) {
      if (line.slice(recordLength).trim() !== '') {
        fail(lineNumber, `de regel is ${line.length} tekens lang, een CODA-regel heeft er ${recordLength}.`);
      }
      line = line.slice(0, recordLength);
    }
    result.push({ lineNumber, text: line.padEnd(recordLength, ' ') });
  });
  return result;
}

function account(record: CodaRecord): Account {
  const structure = field(record, 2);
  // 0: Belgian account number, 1: foreign account number, 2: Belgian IBAN, 3: foreign IBAN.
  const [raw, currency] =
    structure === '0'
      ? [field(record, 6, 17), field(record, 19, 21)]
      : structure === '2'
        ? [field(record, 6, 21), field(record, 40, 42)]
        : structure === '1' || structure === '3'
          ? [field(record, 6, 39), field(record, 40, 42)]
          : fail(record.lineNumber, `de rekening heeft een onbekende structuur "${structure}" (positie 2).`);
  if (!/^[A-Z]{3}$/.test(currency)) fail(record.lineNumber, `"${currency}" is geen munt.`);
  const trimmed = raw.trim();
  const iban = structure === '0' ? belgianIbanFromAccountNumber(trimmed) : ibanOrNull(trimmed);
  return { iban, raw: trimmed, currency };
}

/** A signed 15-digit amount in mills (12 + 3 decimals) as cents; a third decimal is refused. */
function signedCents(record: CodaRecord, signAt: number, what: string): number {
  const sign = field(record, signAt);
  if (sign !== '0' && sign !== '1')
    fail(record.lineNumber, `het teken van ${what} (positie ${signAt}) is "${sign}", geen 0 of 1.`);
  const mills = Number(digits(record, signAt + 1, signAt + 15, what));
  if (mills % 10 !== 0) fail(record.lineNumber, `${what} heeft meer dan 2 decimalen.`);
  return (sign === '1' ? -1 : 1) * (mills / 10);
}

function unsignedCents(record: CodaRecord, from: number, what: string): number {
  const mills = Number(digits(record, from, from + 14, what));
  if (mills % 10 !== 0) fail(record.lineNumber, `${what} heeft meer dan 2 decimalen.`);
  return mills / 10;
}

const downloadAgain = 'Download het afschrift opnieuw bij je bank; er is niets ingelezen.';

/**
 * The trailer's count and totals and each statement's balances must agree with the movements read: a
 * file that lost a movement (cut off, edited, a bad download) is refused whole, never half imported.
 */
function checkBlock(block: Block, trailer: CodaRecord): void {
  const count = Number(digits(trailer, 17, 22, 'het aantal records'));
  if (count !== block.records) {
    throw new StatementParseError(
      `Dit CODA-bestand is onvolledig: de eindregel (regel ${trailer.lineNumber}) telt ${count} records, het bestand bevat er ${block.records}. ${downloadAgain}`,
    );
  }
  const debits = unsignedCents(trailer, 23, 'het totaal van de debetbewegingen');
  const credits = unsignedCents(trailer, 38, 'het totaal van de creditbewegingen');
  if (debits !== block.debitCents || credits !== block.creditCents) {
    throw new StatementParseError(
      `Dit CODA-bestand is onvolledig: volgens de eindregel (regel ${trailer.lineNumber}) ging er ${formatEuros(credits)} in en ${formatEuros(debits)} uit, de bewegingen in het bestand maken ${formatEuros(block.creditCents)} in en ${formatEuros(block.debitCents)} uit. ${downloadAgain}`,
    );
  }
  for (const statement of block.statements) {
    if (statement.newBalanceCents === null) {
      throw new StatementParseError(
        `Dit CODA-bestand is onvolledig: het afschrift van regel ${statement.lineNumber} heeft geen nieuw saldo (record 8). ${downloadAgain}`,
      );
    }
    const net = statement.movements.filter((m) => m.detail === '0000').reduce((sum, m) => sum + m.cents, 0);
    if (statement.oldBalanceCents + net !== statement.newBalanceCents) {
      throw new StatementParseError(
        `Dit CODA-bestand is onvolledig: het oude saldo ${formatEuros(statement.oldBalanceCents)} plus de bewegingen (${formatEuros(net)}) is ${formatEuros(statement.oldBalanceCents + net)}, maar het nieuwe saldo is ${formatEuros(statement.newBalanceCents)}. ${downloadAgain}`,
      );
    }
  }
}

function movement(record: CodaRecord): Movement {
  const sign = field(record, 32);
  if (sign !== '0' && sign !== '1')
    fail(record.lineNumber, `het teken (positie 32) is "${sign}", geen 0 of 1.`);
  const mills = Number(digits(record, 33, 47, 'het bedrag'));
  // Three decimals in the file; a euro amount never has a third one that is not 0.
  if (mills % 10 !== 0) fail(record.lineNumber, 'het bedrag heeft meer dan 2 decimalen.');
  const globalisation = field(record, 125).trim();
  if (!/^\d?$/.test(globalisation))
    fail(record.lineNumber, 'de globalisatiecode (positie 125) is geen cijfer.');
  digits(record, 128, 128, 'de koppelcode'); // a line cut short lost this, not just blanks
  return {
    lineNumber: record.lineNumber,
    sequence: digits(record, 3, 6, 'het volgnummer'),
    detail: digits(record, 7, 10, 'het detailnummer'),
    cents: (sign === '1' ? -1 : 1) * (mills / 10),
    entryDate: date(record, 116, 'de boekingsdatum'),
    globalisation: Number(globalisation || '0'),
    structured: field(record, 62) === '1',
    communication: field(record, 63, 115),
    continued: '',
    counterpartyAccount: '',
    counterpartyName: '',
  };
}

function readStatements(all: CodaRecord[]): Statement[] {
  const statements: Statement[] = [];
  let current: Statement | null = null;
  let inFile = false; // between a header (0) and its trailer (9)
  let last: Movement | null = null;
  let block: Block = { records: 0, debitCents: 0, creditCents: 0, statements: [] };
  for (const record of all) {
    const kind =
      field(record, 1) === '2' || field(record, 1) === '3' ? field(record, 1, 2) : field(record, 1);
    if (kind !== '0' && !inFile)
      fail(record.lineNumber, 'deze regel staat buiten een afschrift (dat begint met een kopregel 0).');
    if (kind !== '0' && kind !== '9') block.records += 1;
    switch (kind) {
      case '0':
        if (inFile)
          fail(
            record.lineNumber,
            'een nieuwe kopregel 0 voor het vorige afschrift afgesloten is (eindregel 9).',
          );
        if (field(record, 128) !== '2')
          fail(record.lineNumber, 'alleen CODA versie 2 wordt gelezen (positie 128 van de kopregel).');
        inFile = true;
        current = null;
        block = { records: 0, debitCents: 0, creditCents: 0, statements: [] };
        break;
      case '1': {
        const statementAccount = account(record);
        const oldBalanceDate = date(record, 59, 'de datum van het oude saldo');
        // The statement's numbers and date: the same in every download of this statement.
        const numbers = `${field(record, 3, 5)}.${field(record, 126, 128).trim()}`;
        const statementKey = `${statementAccount.iban ?? statementAccount.raw}:${oldBalanceDate}:${numbers}`;
        current = {
          account: statementAccount,
          statementKey,
          movements: [],
          oldBalanceCents: signedCents(record, 43, 'het oude saldo'),
          newBalanceCents: null,
          lineNumber: record.lineNumber,
        };
        statements.push(current);
        block.statements.push(current);
        last = null;
        break;
      }
      case '21':
        if (!current) fail(record.lineNumber, 'een beweging vóór de regel met het oude saldo (1).');
        last = movement(record);
        current.movements.push(last);
        // The trailer totals what was booked: a globalised total, not the details under it.
        if (last.detail === '0000') {
          if (last.cents < 0) block.debitCents -= last.cents;
          else block.creditCents += last.cents;
        }
        break;
      case '22':
      case '23':
        if (!last || field(record, 3, 6) !== last.sequence) {
          fail(
            record.lineNumber,
            `dit record ${kind[0]}.${kind[1]} hoort bij geen voorafgaande beweging 2.1.`,
          );
        }
        if (kind === '22') last.continued += field(record, 11, 63);
        else {
          last.counterpartyAccount = field(record, 11, 47);
          last.counterpartyName = field(record, 48, 82);
          last.continued += field(record, 83, 125);
        }
        break;
      case '31':
      case '32':
      case '33':
      case '4':
        break; // information and free messages say nothing the lines need
      case '8':
        if (!current) fail(record.lineNumber, 'een nieuw saldo (8) zonder oud saldo (1) ervoor.');
        current.newBalanceCents = signedCents(record, 42, 'het nieuwe saldo');
        break;
      case '9':
        checkBlock(block, record);
        inFile = false;
        current = null;
        last = null;
        break;
      default:
        fail(record.lineNumber, `onbekend recordtype "${kind}".`);
    }
  }
  if (inFile) throw new StatementParseError('Dit CODA-bestand is onvolledig: de eindregel (9) ontbreekt.');
  return statements;
}

/**
 * The movements that are single payments. A bank may book a series of payments as one total
 * (globalisation code > 0 on detail 0000) and list them as details under the same sequence number; a
 * detail with the code of an open level closes it and is itself a payment (the standard's nesting, as
 * Odoo reads it). The details replace the total only when they add up to it, so the lines always sum to
 * what was booked.
 */
function payments(movements: Movement[]): Movement[] {
  const bySequence = new Map<string, Movement[]>();
  for (const m of movements) bySequence.set(m.sequence, [...(bySequence.get(m.sequence) ?? []), m]);
  const result: Movement[] = [];
  for (const [first, ...rest] of bySequence.values()) {
    if (!first) continue;
    if (first.globalisation === 0 || rest.length === 0) {
      result.push(first);
      continue;
    }
    const open = [first.globalisation];
    const details: Movement[] = [];
    for (const m of rest) {
      const level = open.indexOf(m.globalisation);
      if (m.globalisation > 0 && level === -1)
        open.push(m.globalisation); // a subtotal
      else {
        if (level !== -1) open.splice(level, 1);
        details.push(m);
      }
    }
    const sum = details.reduce((total, m) => total + m.cents, 0);
    result.push(...(details.length > 0 && sum === first.cents ? details : [first]));
  }
  return result;
}

function statementLine(statement: Statement, m: Movement): StatementLine {
  let structuredReference: string | null = null;
  let communication: string | null;
  if (m.structured) {
    const type = m.communication.slice(0, 3);
    const twelve = m.communication.slice(3, 15);
    // 101: the payer typed the reference; 102: the bank rebuilt it from the free text.
    structuredReference = type === '101' || type === '102' ? parseStructuredReference(twelve) : null;
    // A reference with wrong check digits (or another structured kind) stays visible as text.
    communication = structuredReference ? null : cleanText(type === '101' || type === '102' ? twelve : null);
  } else {
    communication = cleanText(m.communication + m.continued);
    structuredReference = structuredReferenceInText(communication);
  }
  const counterparty = m.counterpartyAccount;
  // 2.3 writes an old Belgian account number as 12 digits, a blank, then the currency; else an IBAN.
  const counterpartyIban =
    counterparty.charAt(12) === ' ' && /^\d{12}$/.test(counterparty.slice(0, 12))
      ? belgianIbanFromAccountNumber(counterparty.slice(0, 12))
      : ibanOrNull(counterparty.slice(0, 34));
  return {
    lineKey: `coda:${statement.statementKey}:${m.sequence}.${m.detail}`,
    bookingDate: m.entryDate,
    amountCents: m.cents,
    currency: statement.account.currency,
    counterpartyName: cleanText(m.counterpartyName),
    counterpartyIban,
    structuredReference,
    communication,
  };
}

/** The lines of a CODA file (one or more statements of one account). */
export function parseCoda(text: string): ParsedStatement {
  const statements = readStatements(records(text));
  if (statements.length === 0)
    throw new StatementParseError('Dit CODA-bestand bevat geen afschrift (regel 1).');
  const accounts = new Set(statements.map((s) => s.account.iban ?? s.account.raw));
  if (accounts.size > 1) {
    throw new StatementParseError(
      `Dit CODA-bestand bevat afschriften van ${accounts.size} rekeningen; laad per rekening een bestand op.`,
    );
  }
  return {
    format: 'coda',
    accountIban: statements[0]?.account.iban ?? null,
    lines: statements.flatMap((s) => payments(s.movements).map((m) => statementLine(s, m))),
  };
}
