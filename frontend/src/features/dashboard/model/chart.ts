import { intlLocale } from '@/lib/format';
import type { ChartPeriod, DashboardChart } from '../api/dashboard';

export interface ChartSeries {
  /** One label a point: the day of the month (1, 2, ...) or the month's short name. */
  labels: string[];
  /** The same points as full dates, for the table beside the chart. */
  dates: string[];
  ordered: number[];
  served: number[];
  cancelled: number[];
  /** Deposits in złoty, for drawing only: the table shows the server's exact amounts. */
  deposits: number[];
  depositsCount: number[];
}

/** `YYYY-MM-DD` → its day of the month (month charts) or its month's short name (year charts), in the reader's language. */
export function pointLabel(date: string, period: ChartPeriod, language?: string): string {
  if (period === 'month') return String(Number(date.slice(8, 10)));
  const month = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'short', timeZone: 'UTC' }).format(month);
}

/** The chart's points as the series the charts draw. */
export function chartSeries(chart: DashboardChart, language?: string): ChartSeries {
  const points = chart.points;
  return {
    labels: points.map((point) => pointLabel(point.date, chart.period, language)),
    dates: points.map((point) => point.date),
    ordered: points.map((point) => point.ordered),
    served: points.map((point) => point.served),
    cancelled: points.map((point) => point.cancelled),
    deposits: points.map((point) => Number(point.depositsAmount.amount)),
    depositsCount: points.map((point) => point.depositsCount),
  };
}

/** Whether the period has anything to draw (else the charts give way to an empty state). */
export function chartIsEmpty(chart: DashboardChart): boolean {
  return chart.points.every((point) => point.ordered === 0 && point.cancelled === 0 && point.depositsCount === 0);
}

/** The sum of a series (the charts' summaries). */
export function sumOf(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
