import { describe, expect, it } from 'vitest';
import { clampStart, sheetsNeeded, startCell } from './sheet';

describe('label sheet arithmetic', () => {
  it('given labels and a sheet, then the sheets needed, rounded up, one more when the used positions push them over', () => {
    expect([0, 1, 21, 22, 42, 43].map((labels) => sheetsNeeded(labels, 21))).toEqual([0, 1, 1, 2, 2, 3]);
    expect(sheetsNeeded(1, 21, 21)).toBe(1);
    expect(sheetsNeeded(2, 21, 21)).toBe(2);
  });

  it('given a typed start, then kept within the sheet', () => {
    expect([0, -3, 1.5, Number.NaN, 1, 24, 25].map((value) => clampStart(value, 24))).toEqual([1, 1, 1, 1, 1, 24, 24]);
  });

  it('given a start, then its row and column, row by row', () => {
    expect(startCell(1, 3)).toEqual({ row: 1, column: 1 });
    expect(startCell(5, 3)).toEqual({ row: 2, column: 2 });
    expect(startCell(14, 2)).toEqual({ row: 7, column: 2 });
  });
});
