import { describe, expect, it } from 'vitest';
import { epcQrPayload } from '../src/index.js';

const farm = { name: 'De Plukboerderij', iban: 'BE71 0961 2345 6769', bic: 'GKCCBEBB' };

describe('epcQrPayload', () => {
  it('writes the example of EPC069-12 (version 002, no BIC, unstructured text) line for line', () => {
    // The guidelines' example uses character set 2 and "EUR12.3"; we write UTF-8 (1) and two decimals.
    expect(
      epcQrPayload({
        name: "François D'Alsace S.A.",
        iban: 'FR1420041010050500013M02606',
        amountCents: 1230,
        text: 'Client:Marie Louise La Lune',
      }),
    ).toBe(
      "BCD\n002\n1\nSCT\n\nFrançois D'Alsace S.A.\nFR1420041010050500013M02606\nEUR12.30\n\n\nClient:Marie Louise La Lune",
    );
  });

  it('puts a Belgian structured reference as 12 digits in the structured field and leaves the text out', () => {
    const payload = epcQrPayload({ ...farm, amountCents: 2500, structuredReference: '+++010/8068/17183+++' });
    expect(payload).toBe(
      'BCD\n002\n1\nSCT\nGKCCBEBB\nDe Plukboerderij\nBE71096123456769\nEUR25.00\n\n010806817183',
    );
    const lines = payload.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[8]).toBe(''); // purpose
    expect(lines[9]).toBe('010806817183'); // remittance information, structured
  });

  it('writes amounts with two decimals and no thousands separator, from 0.01 to 999999999.99', () => {
    const amountLine = (amountCents: number) => epcQrPayload({ ...farm, amountCents }).split('\n')[7];
    expect(amountLine(1)).toBe('EUR0.01');
    expect(amountLine(10)).toBe('EUR0.10');
    expect(amountLine(100)).toBe('EUR1.00');
    expect(amountLine(123_456_78)).toBe('EUR123456.78');
    expect(amountLine(99_999_999_999)).toBe('EUR999999999.99');
  });

  it('ends after the last field that is filled', () => {
    expect(epcQrPayload({ ...farm, amountCents: 500 })).toBe(
      'BCD\n002\n1\nSCT\nGKCCBEBB\nDe Plukboerderij\nBE71096123456769\nEUR5.00',
    );
    expect(
      epcQrPayload({ ...farm, amountCents: 500, text: 'Lidgeld 2026' }).endsWith('EUR5.00\n\n\nLidgeld 2026'),
    ).toBe(true);
  });

  it('cuts the name at 70 characters and keeps every field on its own line', () => {
    const payload = epcQrPayload({ ...farm, name: `Boerderij\nvan ${'x'.repeat(100)}`, amountCents: 100 });
    const name = payload.split('\n')[5] ?? '';
    expect(name).toHaveLength(70);
    expect(name.startsWith('Boerderij van xxx')).toBe(true);
    expect(payload.split('\n')).toHaveLength(8);
    const withText = epcQrPayload({ ...farm, amountCents: 100, text: 'twee\r\nregels' });
    expect(withText.split('\n')[10]).toBe('twee regels');
  });

  it('throws a clear error for an invalid IBAN or amount', () => {
    expect(() => epcQrPayload({ ...farm, iban: 'BE71 0961 2345 6768', amountCents: 100 })).toThrow(
      /not a valid IBAN/,
    );
    for (const amountCents of [0, -5, 100_000_000_000, 12.5]) {
      expect(() => epcQrPayload({ ...farm, amountCents }), String(amountCents)).toThrow(/EPC QR amount/);
    }
  });

  it('refuses a reference and a text together, a wrong reference, a long text, a bad BIC or no name', () => {
    expect(() =>
      epcQrPayload({ ...farm, amountCents: 100, structuredReference: '010806817183', text: 'Lidgeld' }),
    ).toThrow(/not both/);
    expect(() => epcQrPayload({ ...farm, amountCents: 100, structuredReference: '010806817180' })).toThrow(
      /structured reference/,
    );
    expect(() => epcQrPayload({ ...farm, amountCents: 100, text: 'x'.repeat(141) })).toThrow(/140/);
    expect(epcQrPayload({ ...farm, amountCents: 100, text: 'x'.repeat(140) })).toContain('x'.repeat(140));
    expect(() => epcQrPayload({ ...farm, amountCents: 100, bic: 'GKCC BE' })).toThrow(/BIC/);
    expect(() => epcQrPayload({ ...farm, name: '  ', amountCents: 100 })).toThrow(/name/);
  });

  it('accepts an 11-character BIC and no BIC at all (version 002)', () => {
    expect(epcQrPayload({ ...farm, bic: 'gkccbebbxxx', amountCents: 100 }).split('\n')[4]).toBe(
      'GKCCBEBBXXX',
    );
    expect(epcQrPayload({ ...farm, bic: undefined, amountCents: 100 }).split('\n')[4]).toBe('');
  });
});
