import { describe, expect, it } from 'vitest';
import type { DashboardChart } from '../api/dashboard';
import { chartIsEmpty, chartSeries, pointLabel, sumOf } from './chart';

const money = (amount: string) => ({ amount, currency: 'PLN' as const });

const MONTH: DashboardChart = {
  period: 'month',
  dateFrom: '2026-02-01',
  dateTo: '2026-02-02',
  points: [
    { date: '2026-02-01', ordered: 3, served: 1, cancelled: 2, depositsAmount: money('104.50'), depositsCount: 2 },
    { date: '2026-02-02', ordered: 0, served: 0, cancelled: 0, depositsAmount: money('0.00'), depositsCount: 0 },
  ],
};

describe('dashboard chart model', () => {
  it('given a month, then each point is labelled by its day; given a year, by its month in the reader language', () => {
    expect(pointLabel('2026-02-07', 'month')).toBe('7');
    expect(pointLabel('2026-02-01', 'year', 'en')).toBe('Feb');
    expect(pointLabel('2026-02-01', 'year', 'pl')).toBe('lut');
  });

  it('given points, then one series per figure in their order', () => {
    expect(chartSeries(MONTH, 'en')).toEqual({
      labels: ['1', '2'],
      dates: ['2026-02-01', '2026-02-02'],
      ordered: [3, 0],
      served: [1, 0],
      cancelled: [2, 0],
      deposits: [104.5, 0],
      depositsCount: [2, 0],
    });
    expect(sumOf([3, 0, 4])).toBe(7);
  });

  it('given no meal and no deposit in the period, then it is empty', () => {
    expect(chartIsEmpty(MONTH)).toBe(false);
    expect(chartIsEmpty({ ...MONTH, points: MONTH.points.slice(1) })).toBe(true);
  });
});
