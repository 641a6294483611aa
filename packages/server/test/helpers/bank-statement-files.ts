// Bank statement files for any transactions, as a Belgian bank writes them: for the parser's round trip,
// the import endpoint and the browser journey. CODA positions as in the Febelfin standard (version 2),
// see src/modules/bank/statement/coda.ts; CAMT.053 in version .001.02 or .001.08.
import { normalizeIban, parseStructuredReference } from '@pluk/contract';

export interface BankFileLine {
  /** Positive = money in (a member pays the farm), negative = money out. */
  amountCents: number;
  /** In any usual notation; a transfer carries this or a communication, not both. */
  structuredReference?: string;
  communication?: string;
  /** The counterparty's name and IBAN. */
  name?: string;
  iban?: string;
  /** YYYY-MM-DD, the booking date. */
  date: string;
  /** The bank's reference of the booking (CAMT AcctSvcrRef); made from the date and position if absent. */
  bankReference?: string;
}

export interface BankFileOptions {
  accountIban: string;
  lines: BankFileLine[];
  /** The statement's number (CODA paper and CODA sequence number, CAMT ElctrncSeqNb); 1 if absent. */
  statementNumber?: number;
}

function checked(line: BankFileLine): { reference: string | null; amount: number } {
  if (line.structuredReference !== undefined && line.communication !== undefined) {
    throw new Error('A transfer carries a structured reference or a communication, not both.');
  }
  if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0)
    throw new Error('Whole cents, not 0.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(line.date)) throw new Error(`"${line.date}" is no YYYY-MM-DD date.`);
  const reference =
    line.structuredReference === undefined ? null : parseStructuredReference(line.structuredReference);
  if (line.structuredReference !== undefined && !reference)
    throw new Error('Not a valid structured reference.');
  return { reference, amount: Math.abs(line.amountCents) };
}

function earliest(lines: BankFileLine[]): string {
  return lines.map((l) => l.date).sort()[0] ?? '2026-01-01';
}

// ---------------------------------------------------------------------------------------------- CODA

/** Fields laid at the standard's positions (1-based, both included) in a 128-character record. */
function record(fields: [from: number, to: number, value: string][]): string {
  const chars = Array<string>(128).fill(' ');
  for (const [from, to, value] of fields) {
    const width = to - from + 1;
    if (value.length > width) throw new Error(`"${value}" is longer than positions ${from}–${to}.`);
    [...value.padEnd(width, ' ')].forEach((char, i) => (chars[from - 1 + i] = char));
  }
  return chars.join('');
}

function ddmmyy(date: string): string {
  return `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(2, 4)}`;
}

function mills(cents: number): string {
  return String(Math.abs(cents) * 10).padStart(15, '0');
}

/** A CODA file (one statement, Latin-1 with CRLF, as Belgian banks send it). */
export function codaFile({ accountIban, lines, statementNumber = 1 }: BankFileOptions): Buffer {
  const iban = normalizeIban(accountIban);
  const number = String(statementNumber).padStart(3, '0');
  const day = earliest(lines);
  // Structure 2 is a Belgian IBAN (positions 6–21), 3 a foreign one (6–39); the currency at 40–42.
  const structure = iban.startsWith('BE') ? '2' : '3';
  const account: [number, number, string][] = [
    [6, 39, iban],
    [40, 42, 'EUR'],
  ];
  const out: string[] = [
    record([[1, 5, '00000'], [6, 11, ddmmyy(day)], [12, 14, '000'], [15, 16, '05'], [25, 34, 'PLUK'],
      [35, 60, 'DE PLUKBOERDERIJ'], [61, 71, 'GKCCBEBB'], [84, 88, '00000'], [128, 128, '2']]),
    record([[1, 1, '1'], [2, 2, structure], [3, 5, number], ...account, [43, 43, '0'],
      [44, 58, mills(100_000)], [59, 64, ddmmyy(day)], [65, 90, 'DE PLUKBOERDERIJ'],
      [91, 125, 'ZICHTREKENING'], [126, 128, number]]),
  ]; // prettier-ignore
  let credits = 0;
  let debits = 0;
  lines.forEach((line, index) => {
    const { reference, amount } = checked(line);
    const sequence = String(index + 1).padStart(4, '0');
    const head: [number, number, string][] = [
      [3, 6, sequence],
      [7, 10, '0000'],
    ];
    const free = line.communication ?? '';
    if (free.length > 53 + 53 + 43) throw new Error('A CODA communication has at most 149 characters.');
    if ((line.name ?? '').length > 35) throw new Error('A CODA counterparty name has at most 35 characters.');
    if (line.amountCents > 0) credits += amount;
    else debits += amount;
    out.push(
      record([[1, 2, '21'], ...head, [11, 31, line.bankReference ?? `PLUK${ddmmyy(line.date)}${sequence}`],
        [32, 32, line.amountCents > 0 ? '0' : '1'], [33, 47, mills(amount)], [48, 53, ddmmyy(line.date)],
        // Transaction code: type 0, family 01 (transfers), 50 a credit transfer in, 01 one out.
        [54, 61, line.amountCents > 0 ? '00150000' : '00101000'],
        [62, 62, reference ? '1' : '0'], [63, 115, reference ? `101${reference}` : free.slice(0, 53)],
        [116, 121, ddmmyy(line.date)], [122, 124, number], [125, 125, '0'], [126, 126, '1'], [128, 128, '0']]),
      record([[1, 2, '22'], ...head, [11, 63, reference ? '' : free.slice(53, 106)], [64, 98, 'NOTPROVIDED'],
        [126, 126, '1'], [128, 128, '0']]),
      record([[1, 2, '23'], ...head, [11, 44, line.iban ? normalizeIban(line.iban) : ''],
        [45, 47, line.iban ? 'EUR' : ''], [48, 82, line.name ?? ''], [83, 125, reference ? '' : free.slice(106)],
        [126, 126, '0'], [128, 128, '0']]),
    ); // prettier-ignore
  });
  const balance = 100_000 + credits - debits;
  out.push(
    record([[1, 1, '8'], [2, 4, number], [5, 38, iban], [39, 41, 'EUR'], [42, 42, balance < 0 ? '1' : '0'],
      [43, 57, mills(balance)], [58, 63, ddmmyy(day)], [128, 128, '0']]),
  ); // prettier-ignore
  // The trailer counts the records between the header and itself, and totals the debits and credits.
  out.push(
    record([[1, 1, '9'], [17, 22, String(out.length - 1).padStart(6, '0')], [23, 37, mills(debits)],
      [38, 52, mills(credits)], [128, 128, '2']]),
  ); // prettier-ignore
  return Buffer.from(`${out.join('\r\n')}\r\n`, 'latin1');
}

// ------------------------------------------------------------------------------------------ CAMT.053

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function decimal(cents: number): string {
  return `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** A CAMT.053 file (UTF-8), version .001.02 (default) or .001.08. */
export function camt053File({
  accountIban,
  lines,
  statementNumber = 1,
  version = 2,
}: BankFileOptions & { version?: 2 | 8 }): Buffer {
  const iban = normalizeIban(accountIban);
  const day = earliest(lines);
  const amount = (cents: number) => `<Amt Ccy="EUR">${decimal(cents)}</Amt>`;
  const party = (role: 'Dbtr' | 'Cdtr', name: string) =>
    version === 8
      ? `<${role}><Pty><Nm>${xml(name)}</Nm></Pty></${role}>`
      : `<${role}><Nm>${xml(name)}</Nm></${role}>`;
  const entries = lines.map((line, index) => {
    const { reference, amount: cents } = checked(line);
    const indicator = line.amountCents > 0 ? 'CRDT' : 'DBIT';
    const role = line.amountCents > 0 ? 'Dbtr' : 'Cdtr';
    const bankReference = line.bankReference ?? `${line.date.replace(/-/g, '')}-${index + 1}`;
    const remittance = reference
      ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd>`
      : line.communication !== undefined
        ? `<Ustrd>${xml(line.communication)}</Ustrd>`
        : '';
    return [
      `<Ntry><NtryRef>${index + 1}</NtryRef>${amount(cents)}<CdtDbtInd>${indicator}</CdtDbtInd>`,
      version === 8 ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>',
      `<BookgDt><Dt>${line.date}</Dt></BookgDt><ValDt><Dt>${line.date}</Dt></ValDt>`,
      `<AcctSvcrRef>${xml(bankReference)}</AcctSvcrRef>`,
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${line.amountCents > 0 ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>`,
      '<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>',
      version === 8
        ? `${amount(cents)}<CdtDbtInd>${indicator}</CdtDbtInd>`
        : `<AmtDtls><TxAmt>${amount(cents)}</TxAmt></AmtDtls>`,
      line.name || line.iban
        ? `<RltdPties>${line.name ? party(role, line.name) : ''}${line.iban ? `<${role}Acct><Id><IBAN>${normalizeIban(line.iban)}</IBAN></Id></${role}Acct>` : ''}</RltdPties>`
        : '',
      remittance ? `<RmtInf>${remittance}</RmtInf>` : '',
      '</TxDtls></NtryDtls></Ntry>',
    ].join('');
  });
  const net = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const closing = 100_000 + net;
  const balance = (code: string, cents: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(cents)}<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  return Buffer.from(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${version}">`,
      `<BkToCstmrStmt><GrpHdr><MsgId>PLUK-${day}-${statementNumber}</MsgId><CreDtTm>${day}T18:00:00</CreDtTm></GrpHdr>`,
      `<Stmt><Id>${iban}-${day}-${statementNumber}</Id><ElctrncSeqNb>${statementNumber}</ElctrncSeqNb><CreDtTm>${day}T18:00:00</CreDtTm>`,
      `<Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>`,
      balance('OPBD', 100_000),
      balance('CLBD', closing),
      ...entries,
      '</Stmt></BkToCstmrStmt></Document>',
      '',
    ].join('\n'),
    'utf8',
  );
}
