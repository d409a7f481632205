import { describe, expect, it } from 'vitest';
import { isValidNrb } from './nrb';

describe('isValidNrb', () => {
  it.each([
    '61109010140000071219812874',
    '61 1090 1014 0000 0712 1981 2874',
    '27114020040000300201355387',
    '10105000997603123456789123',
  ])('accepts %s', (value) => {
    expect(isValidNrb(value)).toBe(true);
  });

  it.each([
    ['a wrong check sum', '62109010140000071219812874'],
    ['a swapped digit', '61109010140000071219812847'],
    ['25 digits', '6110901014000007121981287'],
    ['27 digits', '611090101400000712198128741'],
    ['letters', 'PL61109010140000071219812874'],
    ['empty', ''],
  ])('rejects %s', (_, value) => {
    expect(isValidNrb(value)).toBe(false);
  });
});
