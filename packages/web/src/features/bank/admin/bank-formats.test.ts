import { describe, expect, it } from 'vitest';
import { formatIban, formatStructuredReference, isValidIban, normalizeIban } from './bank-formats';

describe('bank formats', () => {
  it('checks an IBAN with mod 97, whatever its spacing or case', () => {
    expect(isValidIban('BE68539007547034')).toBe(true);
    expect(isValidIban('be71 0961 2345 6769')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('BE68539007547035')).toBe(false);
    expect(isValidIban('BE6853900754703')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('1234 5678')).toBe(false);
  });

  it('groups an IBAN by 4 and takes the spaces out again', () => {
    expect(formatIban('be68539007547034')).toBe('BE68 5390 0754 7034');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(normalizeIban(' be68 5390 0754 7034 ')).toBe('BE68539007547034');
  });

  it('writes a structured reference as people read it', () => {
    expect(formatStructuredReference('000000004097')).toBe('+++000/0000/04097+++');
    expect(formatStructuredReference('vrije tekst')).toBe('vrije tekst');
  });
});
