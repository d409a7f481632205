import { z } from 'zod';
import { addMonths, firstDayOfMonth, lastDayOfMonth, monthOf, todayIso } from '@/lib/calendar/dates';
import type { Criteria, ReportType } from '../api/reports';

const emailSchema = z.email();

/** The addresses typed (separated by commas, semicolons or spaces), and those that are not e-mail addresses. */
export function parseAddresses(text: string): { addresses: string[]; invalid: string[] } {
  const addresses = text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
  return { addresses, invalid: addresses.filter((address) => !emailSchema.safeParse(address).success) };
}

/** The criteria a report starts with: last month (what an office bills), today for a day, the server's defaults. */
export function initialCriteria(report: ReportType): Criteria {
  const lastMonth = addMonths(monthOf(todayIso()), -1);
  const values: Criteria = {};
  for (const criterion of report.criteria) {
    if (criterion.name === 'dateFrom') values.dateFrom = firstDayOfMonth(lastMonth);
    else if (criterion.name === 'dateTo') values.dateTo = lastDayOfMonth(lastMonth);
    else if (criterion.kind === 'date') values[criterion.name] = todayIso();
    else if (criterion.kind === 'boolean') values[criterion.name] = Boolean(criterion.default);
    else if (criterion.kind === 'choice') values[criterion.name] = String(criterion.default ?? criterion.choices?.[0] ?? '');
    else values[criterion.name] = [];
  }
  return values;
}

/** What is sent: empty id lists left out (every one in reach). */
export function sentCriteria(criteria: Criteria): Criteria {
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => !(Array.isArray(value) && value.length === 0)));
}

