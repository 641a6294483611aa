import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 091: one vocabulary. Chores earn "werkpunten" (never "credits"), and plukgeld, the virtual
// money, is never written with a euro sign: formatVirtualMoney writes "12,50 plukgeld".

type Text = { where: string; text: string };

function textsOf(node: unknown, where: string, into: Text[]): Text[] {
  if (typeof node === 'string') into.push({ where, text: node });
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) textsOf(value, `${where}.${key}`, into);
  return into;
}

const texts: Text[] = readdirSync(__dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((variant) =>
    readdirSync(join(__dirname, variant.name))
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        textsOf(
          JSON.parse(readFileSync(join(__dirname, variant.name, file), 'utf8')),
          `${variant.name}/${file}`,
          [],
        ),
      ),
  );

/** The namespaces that speak only of virtual money (market, requests, wallets, the internal bank). */
const plukgeldNamespaces = /\/(wallet|market|productManager|requests|requestManager|internalBank)\.json$/;

describe('the Dutch texts speak one vocabulary', () => {
  it('reads every locale file', () => {
    expect(texts.length).toBeGreaterThan(1000);
  });

  it('says "werkpunten", never "credits"', () => {
    expect(texts.filter(({ text }) => /\bcredits?\b/i.test(text))).toEqual([]);
  });

  it('never writes plukgeld with a euro sign', () => {
    const euroForPlukgeld = texts.filter(
      ({ where, text }) =>
        text.includes('€') && (plukgeldNamespaces.test(where.split('.')[0]!) || /plukgeld/i.test(text)),
    );
    expect(euroForPlukgeld).toEqual([]);
  });

  it('keeps the words of sign-ups, payments, reservations and requests in one place, common.json', () => {
    // users.json's status is an account's approval, a word only managers read.
    const statusSections = texts.filter(
      ({ where }) =>
        !where.startsWith('nl-be/common.json') &&
        !where.startsWith('nl-be/users.json') &&
        /\.status\.(overdue|waiting|confirmed|refused|reserved|paid|taken)$/.test(where),
    );
    expect(statusSections).toEqual([]);
  });
});
