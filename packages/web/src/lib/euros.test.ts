import { describe, expect, it } from 'vitest';
import { euroInputText, formatEuros, parseEuros } from './euros';

describe('euros', () => {
  it('formats integer cents the Belgian way', () => {
    expect(formatEuros(0)).toBe('€\u00a00,00');
    expect(formatEuros(1250)).toBe('€\u00a012,50');
    expect(formatEuros(123456)).toBe('€\u00a01.234,56');
    expect(formatEuros(-5)).toBe('−€\u00a00,05');
  });

  it('reads what a person types, or null', () => {
    expect(parseEuros('12,5')).toBe(1250);
    expect(parseEuros('€ 12.05')).toBe(1205);
    expect(parseEuros('3')).toBe(300);
    expect(parseEuros('0,10')).toBe(10);
    expect(parseEuros('1,234')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
    expect(parseEuros('')).toBeNull();
  });

  it('writes cents back as a price field holds them', () => {
    expect(euroInputText(6250)).toBe('62,50');
    expect(euroInputText(12000)).toBe('120');
    expect(euroInputText(5)).toBe('0,05');
    expect(parseEuros(euroInputText(123405))).toBe(123405);
  });
});
