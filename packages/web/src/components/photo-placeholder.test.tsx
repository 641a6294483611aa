import { describe, expect, it } from 'vitest';
import { initialOf } from './photo-placeholder';

describe('initialOf', () => {
  it('takes the first letter, upper case', () => {
    expect(initialOf('aardbeienconfituur')).toBe('A');
    expect(initialOf('  Courgette')).toBe('C');
  });
  it('keeps the Dutch IJ together', () => {
    expect(initialOf('ijsbergsla')).toBe('IJ');
  });
  it('skips what is no letter, and is empty without one', () => {
    expect(initialOf('"Verse" eieren')).toBe('V');
    expect(initialOf('🍓')).toBe('');
  });
});
