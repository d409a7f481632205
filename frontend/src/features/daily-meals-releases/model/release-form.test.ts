import { describe, expect, it } from 'vitest';
import type { DailyReleasesInstitutionDay } from '../api/daily-meals-releases';
import { differenceKind, formRows, parseQuantity } from './release-form';

const line = (mealTypeId: number, dietId: number, ordered: number, released: number) => ({
  mealTypeId,
  mealTypeName: `M${mealTypeId}`,
  dietId,
  dietName: `D${dietId}`,
  ordered,
  released,
  difference: released - ordered,
});

const day = (recorded: boolean, rows: ReturnType<typeof line>[]): DailyReleasesInstitutionDay => ({
  date: '2026-12-07',
  institutionId: 1,
  institutionName: 'SP 1',
  recorded,
  ordered: 0,
  released: 0,
  difference: 0,
  rows,
});

describe('release form rows', () => {
  it('given a day without releases, then prefilled with the ordered counts', () => {
    expect(formRows(day(false, [line(1, 1, 12, 0)]))).toEqual({
      source: 'ordered',
      rows: [{ mealTypeId: 1, mealTypeName: 'M1', dietId: 1, dietName: 'D1', ordered: 12, quantity: '12', portionSizeId: '', note: '' }],
    });
  });

  it('given a recorded day, then prefilled with what was recorded', () => {
    expect(formRows(day(true, [line(1, 1, 12, 10)])).rows.map((row) => row.quantity)).toEqual(['10']);
  });

  it('given the nearest day, then its quantities, its other kinds added, zero for kinds it did not release', () => {
    const result = formRows(day(false, [line(1, 1, 12, 0), line(2, 1, 3, 0)]), day(true, [line(1, 1, 9, 8), line(3, 2, 0, 4)]));
    expect(result.source).toBe('nearest');
    expect(result.rows.map((row) => [row.mealTypeId, row.dietId, row.ordered, row.quantity])).toEqual([
      [1, 1, 12, '8'],
      [2, 1, 3, '0'],
      [3, 2, 0, '4'],
    ]);
  });

  it('parses quantities: blank is 0, whole numbers only', () => {
    expect([parseQuantity(''), parseQuantity(' 7 '), parseQuantity('-1'), parseQuantity('1.5'), parseQuantity('x')]).toEqual([0, 7, null, null, null]);
  });

  it('names differences', () => {
    expect([differenceKind(-2), differenceKind(0), differenceKind(3)]).toEqual(['short', 'even', 'over']);
  });
});
