import { describe, expect, it } from 'vitest';
import { formatIban, isValidIban, normalizeIban } from '../src/index.js';

// The examples of the IBAN registry and of the EPC069-12 guidelines (valid), and the registry's altered
// GB82 TEST… (invalid).
const valid = [
  'BE71 0961 2345 6769',
  'BE68 5390 0754 7034',
  'GB82 WEST 1234 5698 7654 32',
  'NL91 ABNA 0417 1643 00',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
  'NO93 8601 1117 947',
];

describe('isValidIban', () => {
  it('accepts correct IBANs, with or without spaces, in any case', () => {
    for (const iban of valid) {
      expect(isValidIban(iban), iban).toBe(true);
      expect(isValidIban(iban.replace(/ /g, '')), iban).toBe(true);
      expect(isValidIban(iban.toLowerCase()), iban).toBe(true);
    }
  });

  it('refuses a changed digit, two swapped characters or a wrong check', () => {
    expect(isValidIban('GB82 TEST 1234 5698 7654 32')).toBe(false);
    expect(isValidIban('BE71 0961 2345 6768')).toBe(false);
    expect(isValidIban('BE71 0961 2345 6796')).toBe(false);
    expect(isValidIban('BE17 0961 2345 6769')).toBe(false);
  });

  it('refuses a known country with the wrong length, even with a passing check', () => {
    // BE + 13 digits whose mod 97 happens to work: the length alone says it is no Belgian IBAN.
    const thirteen = '0961234567690';
    const check = String(98 - Number(BigInt(`${thirteen}111400`) % 97n)).padStart(2, '0');
    expect(isValidIban(`BE${check}${thirteen}`)).toBe(false);
  });

  it('refuses what is not shaped like an IBAN', () => {
    for (const text of [
      '',
      'BE',
      '1234',
      'BE71-0961-2345-6769',
      'B171 0961 2345 6769',
      'BE7A 0961 2345 6769',
    ]) {
      expect(isValidIban(text), text).toBe(false);
    }
  });
});

describe('normalizeIban and formatIban', () => {
  it('stores without spaces in capitals, prints in groups of four', () => {
    expect(normalizeIban(' be71 0961\u00a02345 6769 ')).toBe('BE71096123456769');
    expect(formatIban('be71096123456769')).toBe('BE71 0961 2345 6769');
    expect(formatIban('FR1420041010050500013M02606')).toBe('FR14 2004 1010 0505 0001 3M02 606');
  });
});
