import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseStatement,
  StatementParseError,
  type StatementLine,
} from '../src/modules/bank/statement/index.js';

// The fixtures were laid out field by field after the Febelfin CODA 2 record tables (by a script apart
// from test/helpers/bank-statement-files.ts); the parser's positions were also checked against the
// sample files of php-coda-parser and Odoo's CODA import.
const fixture = (name: string) => readFileSync(new URL(`fixtures/bank/${name}`, import.meta.url));
const parse = (text: string) => parseStatement('afschrift.cod', Buffer.from(text, 'latin1'));

const farm = 'BE68539007547034';
const paid = (line: Partial<StatementLine>): Partial<StatementLine> => ({
  bookingDate: '2026-03-02',
  currency: 'EUR',
  structuredReference: null,
  communication: null,
  ...line,
});

describe('CODA: a KBC day statement with five movements (Latin-1, CRLF)', () => {
  const parsed = parseStatement('CODA_20260302.cod', fixture('coda-v2-five-movements.cod'));

  it('reads the account from the old balance record (structure 2, Belgian IBAN)', () => {
    expect(parsed.format).toBe('coda');
    expect(parsed.accountIban).toBe(farm);
  });

  it('reads amounts, signs, dates, counterparties and the structured references', () => {
    expect(parsed.lines.map(({ lineKey: _, ...line }) => line)).toEqual([
      paid({ amountCents: 2500, counterpartyName: 'Jan Peeters', counterpartyIban: 'BE14063123456783', structuredReference: '202600000192' }),
      paid({ amountCents: 4000, counterpartyName: 'Françoise Dupré', counterpartyIban: 'BE89735098765485', structuredReference: '202600000293' }),
      paid({ amountCents: 1250, counterpartyName: 'Lien Maes', counterpartyIban: 'BE21001234567803', structuredReference: '202600000394' }),
      paid({ amountCents: 3000, counterpartyName: 'Tom Janssens', counterpartyIban: 'BE90363055512332',
        communication: 'Lidgeld 2026 voor Tom en Els Janssens, Dorpsstraat 12, 9000 Gent' }),
      paid({ amountCents: -8995, counterpartyName: 'Zaadhandel De Kiem bv', counterpartyIban: 'BE66737003123443', communication: 'Factuur 2026-0117' }),
    ]); // prettier-ignore
  });

  it('keys each line by account, statement (old balance date, numbers) and movement number', () => {
    expect(parsed.lines.map((l) => l.lineKey)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `coda:${farm}:2026-02-27:042.042:000${n}.0000`),
    );
  });

  it('reads the same file the same with LF line ends and in UTF-8', () => {
    const text = fixture('coda-v2-five-movements.cod').toString('latin1');
    const utf8 = Buffer.from(text.replace(/\r\n/g, '\n'), 'utf8');
    expect(parseStatement('afschrift.cod', utf8)).toEqual(parsed);
  });
});

describe('CODA: a bank total of three structured credits (globalisation)', () => {
  const parsed = parseStatement('CODA_20260303.cod', fixture('coda-v2-globalised-credits.cod'));

  it('gives the three payments in place of their total, and the other movement', () => {
    expect(
      parsed.lines.map((l) => [l.amountCents, l.structuredReference, l.counterpartyName, l.lineKey]),
    ).toEqual([
      [2500, '202600000192', 'Jan Peeters', `coda:${farm}:2026-03-02:043.043:0001.0001`],
      [4000, '202600000293', 'Françoise Dupré', `coda:${farm}:2026-03-02:043.043:0001.0002`],
      [1250, '202600000394', 'Lien Maes', `coda:${farm}:2026-03-02:043.043:0001.0003`],
      [-150, null, null, `coda:${farm}:2026-03-02:043.043:0002.0000`],
    ]);
    expect(parsed.lines[3]?.communication).toBe('Kosten rekening maart');
  });

  it('keeps the total when its details do not add up to it', () => {
    const text = fixture('coda-v2-globalised-credits.cod').toString('latin1');
    // The total says 775.00 instead of 77.50: the details are no longer the whole booking (the trailer's
    // credits and the new balance say so too, else the file itself is refused).
    const changed = text
      .replace('0000000000775000303', '0000000007750000303')
      .replace('000000000001500000000000077500', '000000000001500000000000775000')
      .replace('EUR0000000001328110', 'EUR0000000002025610');
    const lines = parse(changed).lines;
    expect(lines.map((l) => l.amountCents)).toEqual([77_500, -150]);
    expect(lines[0]?.communication).toBe('REGROUPEMENT DE 3 VCS');
  });
});

/** A record from its fields at the standard's (1-based) positions. */
function record(fields: [number, string][]): string {
  const chars = Array<string>(128).fill(' ');
  for (const [from, value] of fields) [...value].forEach((c, i) => (chars[from - 1 + i] = c));
  return chars.join('');
}
const header = record([
  [1, '00000020326725'],
  [128, '2'],
]);
const oldBalance = (structure: string, account: string, currencyAt = 40) =>
  record([
    [1, `1${structure}001`],
    [6, account],
    [currencyAt, 'EUR'],
    [43, '0'],
    [44, '000000000000000'],
    [59, '010326'],
    [126, '001'],
  ]);
const movement = (sign: string, amount: string, communication: string, sequence = '0001') =>
  record([
    [1, `21${sequence}0000`],
    [11, 'REF'],
    [32, sign],
    [33, amount],
    [48, '020326'],
    [54, '00150000'],
    [62, communication],
    [116, '020326'],
    [122, '0010'],
    [126, '0'],
    [128, '0'],
  ]);
const counterparty = (account: string, name: string, sequence = '0001') =>
  record([
    [1, `23${sequence}0000`],
    [11, account],
    [48, name],
    [126, '0'],
    [128, '0'],
  ]);
/** Records 8 and 9 that agree with the movements before them (old balance 0): count and totals. */
const end = (records: string[]) => {
  let credits = 0;
  let debits = 0;
  for (const r of records) {
    if (!r.startsWith('21') || r.slice(6, 10) !== '0000' || !/^\d{15}$/.test(r.slice(32, 47))) continue;
    if (r[31] === '1') debits += Number(r.slice(32, 47));
    else credits += Number(r.slice(32, 47));
  }
  const balance = credits - debits;
  const mills = (n: number) => String(Math.abs(n)).padStart(15, '0');
  return [
    record([[1, '8001'], [42, balance < 0 ? '1' : '0'], [43, mills(balance)]]),
    record([[1, '9'], [17, String(records.length + 1).padStart(6, '0')], [23, mills(debits)],
      [38, mills(credits)], [128, '2']]),
  ]; // prettier-ignore
};
const file = (...records: string[]) => [header, ...records, ...end(records)].join('\n');
const ibanAccount = oldBalance('2', farm);
const credit = (communication: string) => file(ibanAccount, movement('0', '000000000025000', communication));

describe('CODA: communications', () => {
  it('takes a structured reference of type 101 or 102 (rebuilt by the bank)', () => {
    expect(parse(credit('1101202600000192')).lines[0]?.structuredReference).toBe('202600000192');
    expect(parse(credit('1102202600000192')).lines[0]?.structuredReference).toBe('202600000192');
  });

  it('shows a structured reference with wrong check digits as text, not as a reference', () => {
    const [line] = parse(credit('1101202600000199')).lines;
    expect(line).toMatchObject({ structuredReference: null, communication: '202600000199' });
  });

  it('finds an OGM typed into the free communication', () => {
    const [line] = parse(credit('0Lidgeld +++202/6000/00192+++ bedankt')).lines;
    expect(line).toMatchObject({
      structuredReference: '202600000192',
      communication: 'Lidgeld +++202/6000/00192+++ bedankt',
    });
    expect(parse(credit('0lidgeld 202/6000/00192')).lines[0]?.structuredReference).toBe('202600000192');
    expect(parse(credit('0bestelling 202600000192')).lines[0]?.structuredReference).toBeNull();
  });

  it('converts an old Belgian account number to its IBAN (record 1 structure 0, record 2.3)', () => {
    const text = file(
      oldBalance('0', '539007547034', 19),
      movement('0', '000000000025000', '0x'),
      counterparty('063123456783 EUR', 'Jan Peeters'),
    );
    const parsed = parse(text);
    expect(parsed.accountIban).toBe(farm);
    expect(parsed.lines[0]?.counterpartyIban).toBe('BE14063123456783');
  });

  it('leaves an account that is no valid IBAN out', () => {
    const parsed = parse(
      file(ibanAccount, movement('0', '000000000025000', '0x'), counterparty('BE14063123456784', 'X')),
    );
    expect(parsed.lines[0]).toMatchObject({ counterpartyIban: null, counterpartyName: 'X' });
  });
});

describe('CODA: files it refuses, with the line that is wrong', () => {
  const refused = (text: string, message: RegExp) => {
    expect(() => parse(text)).toThrow(StatementParseError);
    expect(() => parse(text)).toThrow(message);
  };

  it('refuses a line longer than 128 characters, but not one with only blanks after 128', () => {
    const long = `${movement('0', '000000000025000', '0x')}EXTRA`;
    refused(file(ibanAccount, long), /Dit is geen geldig CODA-bestand: regel 3: de regel is 133 tekens lang/);
    expect(parse(file(ibanAccount, `${movement('0', '000000000025000', '0x')}   `)).lines).toHaveLength(1);
  });

  it('pads a line that lost its trailing blanks, and refuses one cut short', () => {
    expect(parse(file(ibanAccount.trimEnd(), movement('0', '000000000025000', '0x'))).lines).toHaveLength(1);
    refused(
      file(ibanAccount, movement('0', '000000000025000', '0x').slice(0, 100)),
      /regel 3: de koppelcode \(positie 128\) is geen getal/,
    );
  });

  it('refuses amounts, signs and dates that are not numbers', () => {
    refused(
      credit('0x').replace('000000000025000', '0000000000250,0'),
      /regel 3: het bedrag \(positie 33–47\)/,
    );
    refused(file(ibanAccount, movement('2', '000000000025000', '0x')), /regel 3: het teken/);
    refused(
      file(ibanAccount, movement('0', '000000000025005', '0x')),
      /regel 3: het bedrag heeft meer dan 2 decimalen/,
    );
    refused(
      credit('0x').replace(/020326(?=0010)/, '310226'),
      /regel 3: de boekingsdatum "310226" is geen datum/,
    );
  });

  it('refuses records out of place, unknown records, CODA 1 and a file without its end', () => {
    refused(`${credit('0x')}\n${ibanAccount}`, /regel 6: deze regel staat buiten een afschrift/);
    refused(
      file(movement('0', '000000000025000', '0x')),
      /regel 2: een beweging vóór de regel met het oude saldo/,
    );
    refused(
      file(ibanAccount, counterparty('', 'X')),
      /regel 3: dit record 2\.3 hoort bij geen voorafgaande beweging/,
    );
    refused(file(ibanAccount, record([[1, '7']])), /regel 3: onbekend recordtype "7"/);
    refused(file(ibanAccount).replace(/2$/m, '1'), /regel 1: alleen CODA versie 2/);
    refused([header, ibanAccount].join('\n'), /onvolledig: de eindregel \(9\) ontbreekt/);
  });

  it('refuses statements of two accounts in one file', () => {
    const second = file(oldBalance('2', 'BE14063123456783'));
    refused(`${credit('0x')}\n${second}`, /afschriften van 2 rekeningen/);
  });
});

describe('CODA: the trailer and the balances must agree with the movements (ADR 093)', () => {
  const text = fixture('coda-v2-five-movements.cod').toString('latin1');
  const lines = text.split('\r\n');
  /** The file without movement 3 (its records 2.1, 2.2 and 2.3). */
  const withoutThird = lines.filter((l) => !/^2[123]0003/.test(l));

  it('refuses a file that lost a movement: the trailer counts more records', () => {
    expect(() => parse(withoutThird.join('\r\n'))).toThrow(
      /onvolledig: de eindregel \(regel 18\) telt 19 records, het bestand bevat er 16/,
    );
  });

  it('refuses it when the count was mended but the totals were not', () => {
    const mended = withoutThird.map((l) => (l.startsWith('9') ? l.replace('000019', '000016') : l));
    expect(() => parse(mended.join('\r\n'))).toThrow(
      /volgens de eindregel \(regel 18\) ging er €\s107,50 in en €\s89,95 uit, de bewegingen in het bestand maken €\s95,00 in en €\s89,95 uit/,
    );
  });

  it('refuses a new balance that is not the old balance plus the movements', () => {
    const wrong = text.replace('EUR0000000001252110', 'EUR0000000001252120');
    expect(() => parse(wrong)).toThrow(
      /het oude saldo €\s1\.234,56 plus de bewegingen \(€\s17,55\) is €\s1\.252,11, maar het nieuwe saldo is €\s1\.252,12/,
    );
  });

  it('refuses a statement without its new balance (record 8)', () => {
    const without = lines
      .filter((l) => !l.startsWith('8'))
      .map((l) => (l.startsWith('9') ? l.replace('000019', '000018') : l));
    expect(() => parse(without.join('\r\n'))).toThrow(/heeft geen nieuw saldo \(record 8\)/);
  });

  it('reads both fixtures, whose trailers and balances agree', () => {
    expect(parse(text).lines).toHaveLength(5);
    expect(parse(fixture('coda-v2-globalised-credits.cod').toString('latin1')).lines).toHaveLength(4);
  });
});
