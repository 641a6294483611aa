import { describe, expect, it } from 'vitest';
import { parseStatement, StatementParseError, statementLimits } from '../src/modules/bank/statement/index.js';
import { camt053File, codaFile, type BankFileLine } from './helpers/bank-statement-files.js';

const farm = 'BE68 5390 0754 7034';
const transactions: BankFileLine[] = [
  { amountCents: 2500, structuredReference: '+++202/6000/00192+++', name: 'Jan Peeters', iban: 'BE14 0631 2345 6783', date: '2026-03-02' },
  { amountCents: 4000, structuredReference: '202600000293', name: 'Françoise Dupré', iban: 'BE89735098765485', date: '2026-03-02' },
  { amountCents: 1250, structuredReference: '***202/6000/00394***', name: 'Lien Maes', date: '2026-03-03' },
  // SEPA's longest communication, 140 characters: in CODA it runs on over records 2.2 and 2.3.
  { amountCents: 3000, communication: `Lidgeld 2026 ${'Tom en Els Janssens '.repeat(6)}`.slice(0, 140), iban: 'BE90363055512332', date: '2026-03-03' },
  { amountCents: -8995, communication: 'Factuur 2026-0117', name: 'Zaadhandel De Kiem bv', iban: 'BE66737003123443', date: '2026-03-04' },
  { amountCents: 99_999_999_999, date: '2026-03-04' },
]; // prettier-ignore

/** What the parser must give back for a transaction the builder wrote. */
function expected(line: BankFileLine) {
  const reference = line.structuredReference?.replace(/\D/g, '') ?? null;
  return {
    bookingDate: line.date,
    amountCents: line.amountCents,
    currency: 'EUR',
    counterpartyName: line.name ?? null,
    counterpartyIban: line.iban?.replace(/ /g, '') ?? null,
    structuredReference: reference,
    communication: line.communication?.trim() ?? null,
  };
}

const builders = {
  'CODA': (lines: BankFileLine[], statementNumber?: number) => codaFile({ accountIban: farm, lines, statementNumber }),
  'CAMT.053 .001.02': (lines: BankFileLine[]) => camt053File({ accountIban: farm, lines }),
  'CAMT.053 .001.08': (lines: BankFileLine[]) => camt053File({ accountIban: farm, lines, version: 8 }),
}; // prettier-ignore

describe.each(Object.entries(builders))('%s files from the builder', (_format, build) => {
  it('parse back to the same lines, structured references included', () => {
    const parsed = parseStatement('upload', build(transactions));
    expect(parsed.accountIban).toBe('BE68539007547034');
    expect(parsed.lines.map(({ lineKey: _, ...line }) => line)).toEqual(transactions.map(expected));
  });

  it('give every line its own key, the same on every import', () => {
    const keys = parseStatement('upload', build(transactions)).lines.map((l) => l.lineKey);
    expect(new Set(keys).size).toBe(transactions.length);
    expect(parseStatement('again', build(transactions)).lines.map((l) => l.lineKey)).toEqual(keys);
  });
});

describe('line keys across files', () => {
  it('CAMT.053: the same booking has the same key in an overlapping file', () => {
    const withRefs = transactions.map((t, i) => ({ ...t, bankReference: `REF-${i}` }));
    const first = parseStatement('a', camt053File({ accountIban: farm, lines: withRefs.slice(0, 4) })).lines;
    const second = parseStatement('b', camt053File({ accountIban: farm, lines: withRefs.slice(2) })).lines;
    expect(second.slice(0, 2)).toEqual(first.slice(2, 4));
  });

  it('CODA: another statement gives other keys for lines at the same place', () => {
    const one = parseStatement(
      'a',
      codaFile({ accountIban: farm, lines: transactions, statementNumber: 1 }),
    ).lines;
    const two = parseStatement(
      'b',
      codaFile({ accountIban: farm, lines: transactions, statementNumber: 2 }),
    ).lines;
    expect(two.map((l) => l.lineKey)).not.toContain(one[0]?.lineKey);
  });

  it('a statement that is twice in one file gives its lines once', () => {
    const day = codaFile({ accountIban: farm, lines: transactions }).toString('latin1');
    const parsed = parseStatement('twice.cod', Buffer.from(day + day, 'latin1'));
    expect(parsed.lines).toEqual(parseStatement('once.cod', Buffer.from(day, 'latin1')).lines);
  });
});

describe('parseStatement', () => {
  const refused = (bytes: Buffer, message: RegExp) => {
    expect(() => parseStatement('bestand.pdf', bytes)).toThrow(StatementParseError);
    expect(() => parseStatement('bestand.pdf', bytes)).toThrow(message);
  };

  it('recognises the format from the content, not from the file name', () => {
    expect(parseStatement('export.txt', camt053File({ accountIban: farm, lines: transactions })).format).toBe(
      'camt053',
    );
    expect(parseStatement('export.xml', codaFile({ accountIban: farm, lines: transactions })).format).toBe(
      'coda',
    );
  });

  it('refuses what is neither, saying which formats it reads', () => {
    refused(Buffer.from('%PDF-1.7\n...'), /"bestand\.pdf" is geen CODA- of CAMT\.053-bestand/);
    refused(
      Buffer.from('Datum;Bedrag;Mededeling\n02/03/2026;25,00;lidgeld\n'),
      /geen CODA- of CAMT\.053-bestand/,
    );
  });

  it('refuses a file over 5 MB before reading it', () => {
    refused(Buffer.alloc(statementLimits.maxBytes + 1, 0x20), /groter dan 5 MB/);
  });

  it('refuses more than 20 000 lines', () => {
    const entry = '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-02</Dt></BookgDt></Ntry>';
    const many = (count: number) =>
      Buffer.from(`<Document><BkToCstmrStmt><Stmt><Acct><Id><IBAN>BE68539007547034</IBAN></Id></Acct>${entry.repeat(count)}</Stmt></BkToCstmrStmt></Document>`);
    expect(many(statementLimits.maxLines).length).toBeLessThan(statementLimits.maxBytes);
    expect(parseStatement('max.xml', many(statementLimits.maxLines)).lines).toHaveLength(statementLimits.maxLines);
    refused(many(statementLimits.maxLines + 1), /bevat 20001 boekingen, meer dan 20000/);
  }); // prettier-ignore
});
