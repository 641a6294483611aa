import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseStatement,
  StatementParseError,
  type StatementLine,
} from '../src/modules/bank/statement/index.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/bank/${name}`, import.meta.url));
const farm = 'BE68539007547034';
const withoutKeys = (lines: StatementLine[]) => lines.map(({ lineKey: _, ...line }) => line);

// What both fixtures hold: three structured credits, a free communication, a payment out.
const fiveMovements = [
  { amountCents: 2500, counterpartyName: 'Jan Peeters', counterpartyIban: 'BE14063123456783', structuredReference: '202600000192', communication: null },
  { amountCents: 4000, counterpartyName: 'Françoise Dupré', counterpartyIban: 'BE89735098765485', structuredReference: '202600000293', communication: null },
  { amountCents: 1250, counterpartyName: 'Lien Maes', counterpartyIban: 'BE21001234567803', structuredReference: '202600000394', communication: null },
  { amountCents: 3000, counterpartyName: 'Tom Janssens', counterpartyIban: 'BE90363055512332', structuredReference: null, communication: 'Lidgeld 2026 voor Tom & Els Janssens' },
  { amountCents: -8995, counterpartyName: 'Zaadhandel De Kiem bv', counterpartyIban: 'BE66737003123443', structuredReference: null, communication: 'Factuur 2026-0117' },
].map((line): Omit<StatementLine, 'lineKey'> => ({ bookingDate: '2026-03-02', currency: 'EUR', ...line })); // prettier-ignore

describe('CAMT.053 .001.02: a day statement with five booked movements and one pending', () => {
  const parsed = parseStatement('camt053.xml', fixture('camt053-v02-five-movements.xml'));

  it('reads the account and the booked lines (the pending entry is no money yet)', () => {
    expect(parsed.format).toBe('camt053');
    expect(parsed.accountIban).toBe(farm);
    const expected = fiveMovements.map((line) => ({ ...line }));
    // Lien typed her OGM into the free communication: found there, and the text stays as she wrote it.
    expected[2] = { ...expected[2]!, communication: '+++202/6000/00394+++' };
    expect(withoutKeys(parsed.lines)).toEqual(expected);
  });

  it('reads the OGM in the structured reference bare or as +++…+++', () => {
    expect(parsed.lines.slice(0, 2).map((l) => l.structuredReference)).toEqual([
      '202600000192',
      '202600000293',
    ]);
  });

  it("keys each line by the bank's entry reference (AcctSvcrRef)", () => {
    expect(parsed.lines.map((l) => l.lineKey)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `camt:${farm}:a:KBC202603020000${n}`),
    );
  });
});

describe('CAMT.053 .001.08: the same day, the structured credits booked as one batch', () => {
  const parsed = parseStatement('camt053.xml', fixture('camt053-v08-five-movements.xml'));

  it('makes one line per transaction of the batch, with its own amount and party (Dbtr/Pty/Nm)', () => {
    expect(parsed.accountIban).toBe(farm);
    expect(withoutKeys(parsed.lines)).toEqual(fiveMovements);
  });

  it('keys a batch line by the entry and the transaction reference', () => {
    expect(parsed.lines.map((l) => l.lineKey)).toEqual([
      `camt:${farm}:a:20260302-000123/20260302-000123-1`,
      `camt:${farm}:a:20260302-000123/20260302-000123-2`,
      `camt:${farm}:a:20260302-000123/20260302-000123-3`,
      `camt:${farm}:a:20260302-000124`,
      `camt:${farm}:a:20260302-000125`,
    ]);
  });
});

/** A small statement around the given entries, in the given namespace version. */
function camt(entries: string, { version = '02', account = farm } = {}): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">` +
      `<BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr><Stmt><Id>1</Id><Acct><Id><IBAN>${account}</IBAN></Id></Acct>` +
      `${entries}</Stmt></BkToCstmrStmt></Document>`,
  );
}
const entry = (
  inner: string,
  { amount = '25.00', indicator = 'CRDT', ref = '<AcctSvcrRef>R1</AcctSvcrRef>' } = {},
) =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts>BOOK</Sts>` +
  `<BookgDt><Dt>2026-03-02</Dt></BookgDt>${ref}${inner}</Ntry>`;
const tx = (inner: string) => `<NtryDtls><TxDtls>${inner}</TxDtls></NtryDtls>`;
const lines = (xml: Buffer) => parseStatement('camt053.xml', xml).lines;

describe('CAMT.053: references and texts', () => {
  it('does not take an ISO 11649 RF reference for an OGM, and keeps it readable', () => {
    const rf = '<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>';
    expect(lines(camt(entry(tx(rf))))[0]).toMatchObject({ structuredReference: null, communication: 'RF18539007547034' });
  }); // prettier-ignore

  it('decodes character references and trims runs of spaces', () => {
    const party = '<RltdPties><Dbtr><Nm>  Fran&#231;oise   Dupr&#xE9; &amp; co </Nm></Dbtr></RltdPties>';
    expect(lines(camt(entry(tx(party))))[0]?.counterpartyName).toBe('Françoise Dupré & co');
  });

  it('reads the transaction of an entry with a date-time booking date and Sts/Cd (version 08)', () => {
    const xml = camt(entry('').replace('<Sts>BOOK</Sts>', '<Sts><Cd>BOOK</Cd></Sts>').replace(
      '<Dt>2026-03-02</Dt>', '<DtTm>2026-03-02T23:30:00+01:00</DtTm>'), { version: '08' }); // prettier-ignore
    expect(lines(xml)[0]).toMatchObject({ bookingDate: '2026-03-02', amountCents: 2500 });
  });

  it("uses the entry's additional information when there is no remittance information", () => {
    const xml = camt(entry('<AddtlNtryInf>Storting lidgeld +++202/6000/00192+++</AddtlNtryInf>'));
    expect(lines(xml)[0]).toMatchObject({
      communication: 'Storting lidgeld +++202/6000/00192+++',
      structuredReference: '202600000192',
    });
  });

  it('keeps a batch as one line when its transactions do not add up to the entry', () => {
    const two = '<NtryDtls><TxDtls><Amt Ccy="EUR">10.00</Amt></TxDtls><TxDtls><Amt Ccy="EUR">10.00</Amt></TxDtls></NtryDtls>';
    expect(lines(camt(entry(two))).map((l) => l.amountCents)).toEqual([2500]);
    expect(lines(camt(entry(two, { amount: '20.00' }))).map((l) => l.amountCents)).toEqual([1000, 1000]);
  }); // prettier-ignore

  it('takes a debit as negative and its creditor as the counterparty', () => {
    const parties = '<RltdPties><Dbtr><Nm>Wij</Nm></Dbtr><Cdtr><Nm>Leverancier</Nm></Cdtr></RltdPties>';
    expect(lines(camt(entry(tx(parties), { indicator: 'DBIT', amount: '1234567.89' })))[0]).toMatchObject({
      amountCents: -123_456_789,
      counterpartyName: 'Leverancier',
    });
  });
});

describe('CAMT.053: line keys without a bank reference', () => {
  it('uses NtryRef with the booking date', () => {
    const xml = camt(entry('', { ref: '<NtryRef>7</NtryRef>' }));
    expect(lines(xml)[0]?.lineKey).toBe(`camt:${farm}:n:2026-03-02:7`);
  });

  it('hashes the fields, the same in every file, and numbers equal payments of one day', () => {
    const bare = entry('<AddtlNtryInf>Storting</AddtlNtryInf>', { ref: '' });
    const [first, second, other] = lines(camt(bare + bare + entry('', { ref: '', amount: '1.00' })));
    expect(first?.lineKey).toMatch(new RegExp(`^camt:${farm}:h:[0-9a-f]{32}$`));
    expect(second?.lineKey).toBe(`${first?.lineKey}.2`);
    expect(other?.lineKey).not.toBe(first?.lineKey);
    expect(lines(camt(bare))[0]?.lineKey).toBe(first?.lineKey);
  });
});

describe('CAMT.053: files it refuses', () => {
  const refused = (xml: Buffer, message: RegExp) => {
    expect(() => parseStatement('camt053.xml', xml)).toThrow(StatementParseError);
    expect(() => parseStatement('camt053.xml', xml)).toThrow(message);
  };

  it('refuses a DOCTYPE, so no entity is ever expanded or fetched (XXE, billion laughs)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${camt(entry('<AddtlNtryInf>&x;</AddtlNtryInf>')).toString().replace(/^<\?xml[^>]*>/, '')}`;
    refused(Buffer.from(xxe), /DOCTYPE/);
    const laughs = `<!DOCTYPE d [<!ENTITY a "haha"><!ENTITY b "&a;&a;&a;&a;">]><Document><BkToCstmrStmt/></Document>`;
    refused(Buffer.from(laughs), /DOCTYPE/);
  }); // prettier-ignore

  it('refuses XML that is not well-formed, with its line', () => {
    refused(Buffer.from('<Document>\n<BkToCstmrStmt><Stmt></BkToCstmrStmt></Document>'), /geen geldig XML-bestand: regel 2/);
  }); // prettier-ignore

  it('refuses another ISO 20022 message (a camt.054 notification)', () => {
    refused(
      Buffer.from('<Document><BkToCstmrDbtCdtNtfctn/></Document>'),
      /geen CAMT\.053-rekeninguittreksel/,
    );
  });

  it('refuses an amount that is not one, or has a third decimal', () => {
    refused(camt(entry('', { amount: '25,00' })), /boeking 1 van uittreksel 1: "25,00" is geen bedrag/);
    refused(camt(entry('', { amount: '25.005' })), /"25\.005" is geen bedrag/);
    refused(camt(entry('', { indicator: 'X' })), /CdtDbtInd is geen CRDT of DBIT/);
  });

  it('refuses statements of two accounts in one file', () => {
    const two = camt('').toString().replace('</Stmt>', `</Stmt><Stmt><Acct><Id><IBAN>BE14063123456783</IBAN></Id></Acct></Stmt>`);
    refused(Buffer.from(two), /uittreksels van 2 rekeningen/);
  }); // prettier-ignore
});

describe('CAMT.053: the opening balance plus the booked entries must make the closing balance (ADR 093)', () => {
  const xml = fixture('camt053-v02-five-movements.xml').toString('utf8');
  const entries = [...xml.matchAll(/<Ntry>[\s\S]*?<\/Ntry>/g)].map((m) => m[0]);

  it('refuses a file that lost a booked entry, naming both balances', () => {
    const without = xml.replace(entries[1]!, '');
    expect(() => parseStatement('camt053.xml', Buffer.from(without))).toThrow(StatementParseError);
    expect(() => parseStatement('camt053.xml', Buffer.from(without))).toThrow(
      /onvolledig: in uittreksel 1 is het beginsaldo €\s1\.234,56 plus de boekingen \(−€\s22,45\) €\s1\.212,11, maar het eindsaldo is €\s1\.252,11/,
    );
  });

  it('still reads it without the pending entry, which is no money yet', () => {
    const without = xml.replace(entries[5]!, '');
    expect(parseStatement('camt053.xml', Buffer.from(without)).lines).toHaveLength(5);
  });

  it('reads a statement that gives no balances as before', () => {
    const noBalances = xml.replace(/<Bal>[\s\S]*?<\/Bal>/g, '');
    expect(parseStatement('camt053.xml', Buffer.from(noBalances)).lines).toHaveLength(5);
  });
});
