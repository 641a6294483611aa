import { describe, expect, it } from 'vitest';
import { epcAmount, epcQrPayload, formatIban, formatStructuredReference } from './payment-codes';

describe('payment codes', () => {
  it('writes the structured reference as +++123/4567/89012+++', () => {
    expect(formatStructuredReference('123456789012')).toBe('+++123/4567/89012+++');
    expect(formatStructuredReference('12345')).toBe('12345');
  });

  it('groups an IBAN by four', () => {
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
    expect(formatIban(' be68 5390 0754 7034 ')).toBe('BE68 5390 0754 7034');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('writes amounts with a point and two decimals, from cents', () => {
    expect(epcAmount(12500)).toBe('EUR125.00');
    expect(epcAmount(1250)).toBe('EUR12.50');
    expect(epcAmount(1)).toBe('EUR0.01');
    expect(epcAmount(99_999_999_999)).toBe('EUR999999999.99');
    expect(() => epcAmount(0)).toThrow();
    expect(() => epcAmount(12.5)).toThrow();
  });

  it('builds the EPC069-12 text: version 002, UTF-8, the reference in the structured field', () => {
    const payload = epcQrPayload({
      name: 'De Plukhoeve vzw',
      iban: 'BE68 5390 0754 7034',
      bic: 'gkccbebb',
      amountCents: 1250,
      structuredReference: '123456789012',
    });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GKCCBEBB',
      'De Plukhoeve vzw',
      'BE68539007547034',
      'EUR12.50',
      '',
      '123456789012',
    ]);
    // The last element used ends the text: no separator after it.
    expect(payload.endsWith('123456789012')).toBe(true);
  });

  it('leaves the BIC empty when there is none and cuts the name to 70 characters', () => {
    const payload = epcQrPayload({
      name: `  Boer   ${'x'.repeat(100)}`,
      iban: 'BE68539007547034',
      bic: null,
      amountCents: 12500,
      structuredReference: '+++123/4567/89012+++',
    });
    const lines = payload.split('\n');
    expect(lines[4]).toBe('');
    expect(lines[5]).toHaveLength(70);
    expect(lines[5]!.startsWith('Boer x')).toBe(true);
    expect(lines[9]).toBe('123456789012');
  });
});
