import { describe, expect, it } from 'vitest';
import { formatQuantity, isNegative, isPositiveQuantity, priceUnitKey, toQuantityString } from './quantities';

describe('quantities', () => {
  it('takes a comma or a dot and sends a dot', () => {
    expect(toQuantityString(' 12,5 ')).toBe('12.5');
    expect(toQuantityString('0.125')).toBe('0.125');
  });

  it('accepts only quantities above zero with at most three decimals', () => {
    expect(isPositiveQuantity('0,001')).toBe(true);
    expect(isPositiveQuantity('250')).toBe(true);
    expect(isPositiveQuantity('0')).toBe(false);
    expect(isPositiveQuantity('0,000')).toBe(false);
    expect(isPositiveQuantity('1.2345')).toBe(false);
    expect(isPositiveQuantity('-3')).toBe(false);
    expect(isPositiveQuantity('1e3')).toBe(false);
  });

  it('formats without trailing zeros in the language of the page', () => {
    expect(formatQuantity('1249.500', 'en')).toBe('1,249.5');
    expect(formatQuantity('1249.500', 'pl')).toBe('1249,5');
    expect(formatQuantity(null, 'pl')).toBe('—');
  });

  it('tells a negative stock', () => {
    expect(isNegative('-2.000')).toBe(true);
    expect(isNegative('-0.000')).toBe(false);
    expect(isNegative('5')).toBe(false);
  });

  it('names the price unit', () => {
    expect([priceUnitKey('kg'), priceUnitKey('l'), priceUnitKey('szt.')]).toEqual(['kg', 'l', 'piece']);
  });
});
