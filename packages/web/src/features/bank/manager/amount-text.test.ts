import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from './amount-text';

describe('amounts the BankManager types', () => {
  it('reads euros as exact cents', () => {
    expect(parseAmount('125,50')).toBe(12550);
    expect(parseAmount('125')).toBe(12500);
    expect(parseAmount('0,1')).toBe(10);
    expect(parseAmount('€ 1.234,50')).toBe(123450);
    expect(parseAmount('1.234')).toBe(123400);
    // 0.29 × 100 is 28.999… as a float: counted, not multiplied.
    expect(parseAmount('0,29')).toBe(29);
    expect(parseAmount('12.50')).toBe(1250);
  });

  it('refuses what is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('twaalf')).toBeNull();
    expect(parseAmount('1,234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('1.23.4')).toBeNull();
  });

  it('writes cents back as the manager types them', () => {
    expect(amountText(12550)).toBe('125,50');
    expect(amountText(12500)).toBe('125,00');
    expect(amountText(5)).toBe('0,05');
  });
});
