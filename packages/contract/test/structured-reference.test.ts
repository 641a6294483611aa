import { describe, expect, it } from 'vitest';
import {
  formatStructuredReference,
  isValidStructuredReference,
  parseStructuredReference,
  structuredReferenceFromNumber,
} from '../src/index.js';

// Published examples: python-stdnum's be.ogm_vcs (+++010/8068/17183+++), the README of the Haskell
// package belgian-structured-communication (+++123/4567/89002+++ and the lowest, +++000/0000/00097+++),
// and the .NET BelgianStructuredCommunication README (0851927541 → 15, 0123456789 → 39).
describe('structuredReferenceFromNumber', () => {
  it('appends the base mod 97 to the zero-padded ten-digit base', () => {
    expect(structuredReferenceFromNumber(108_068_171)).toBe('010806817183');
    expect(structuredReferenceFromNumber(1_234_567_890)).toBe('123456789002');
    expect(structuredReferenceFromNumber(851_927_541)).toBe('085192754115');
    expect(structuredReferenceFromNumber(123_456_789)).toBe('012345678939');
    expect(structuredReferenceFromNumber(1)).toBe('000000000101');
  });

  it('writes 97 when the base is a multiple of 97', () => {
    expect(structuredReferenceFromNumber(97)).toBe('000000009797');
    expect(structuredReferenceFromNumber(97 * 1_000_003)).toBe('009700029197');
  });

  it('takes 1 to 9 999 999 999 and nothing else', () => {
    expect(structuredReferenceFromNumber(9_999_999_999)).toBe('999999999948');
    for (const n of [0, -1, 10_000_000_000, 1.5, Number.NaN]) {
      expect(() => structuredReferenceFromNumber(n)).toThrow(RangeError);
    }
  });

  it('makes references that parse back, for many numbers', () => {
    for (let n = 1; n < 5_000_000_000; n = n * 3 + 7) {
      const digits = structuredReferenceFromNumber(n);
      expect(parseStructuredReference(formatStructuredReference(digits))).toBe(digits);
    }
  });
});

describe('formatStructuredReference', () => {
  it('groups 3/4/5 between +++', () => {
    expect(formatStructuredReference('010806817183')).toBe('+++010/8068/17183+++');
  });
  it('refuses anything but 12 digits', () => {
    expect(() => formatStructuredReference('01080681718')).toThrow();
    expect(() => formatStructuredReference('+++010/8068/17183+++')).toThrow();
  });
});

describe('parseStructuredReference', () => {
  it('reads the usual notations', () => {
    for (const text of [
      '+++010/8068/17183+++',
      '***010/8068/17183***',
      '010/8068/17183',
      '010806817183',
      '+++010806817183+++',
      ' +++ 010 / 8068 / 17183 +++ ',
      '010 8068 17183',
    ]) {
      expect(parseStructuredReference(text), text).toBe('010806817183');
    }
  });

  it('accepts the lowest reference, 000/0000/00097', () => {
    expect(parseStructuredReference('+++000/0000/00097+++')).toBe('000000000097');
  });

  it('returns null for wrong check digits', () => {
    expect(parseStructuredReference('+++010/8068/17180+++')).toBeNull();
    expect(parseStructuredReference('123456789012')).toBeNull();
    expect(parseStructuredReference('+++000/0000/00000+++')).toBeNull(); // a rest of 0 is written 97
  });

  it('returns null for anything that is not 12 digits in a matching frame', () => {
    for (const text of [
      '',
      '+++010/8068/1718+++',
      '+++010/8068/171833+++',
      '+++010/8068/17183***',
      '+++010/8068/17183',
      '++010/8068/17183++',
      'ref 010/8068/17183',
      '010-8068-17183',
      'O10/8068/17183',
    ]) {
      expect(parseStructuredReference(text), text).toBeNull();
    }
  });

  it('isValidStructuredReference agrees', () => {
    expect(isValidStructuredReference('+++010/8068/17183+++')).toBe(true);
    expect(isValidStructuredReference('+++010/8068/17182+++')).toBe(false);
  });
});
