import type { AutomatedReport, AutomatedReportRequest, FileFormat, Frequency, RelativePeriod } from '../api/automated-reports';
import type { ReportCriterion } from '../api/report-types';

/** The server's limits (AutomatedReportSerializer). */
export const NAME_MAX_LENGTH = 255;
export const MAX_EMAIL_ADDRESSES = 20;
export const FREQUENCIES: readonly Frequency[] = ['daily', 'weekly', 'monthly'];
export const RELATIVE_PERIODS: readonly RelativePeriod[] = ['yesterday', 'last_week', 'last_month', 'this_month_so_far'];
export const FILE_FORMATS: readonly FileFormat[] = ['xlsx', 'csv', 'pdf'];
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A criterion's value in the form: a choice's text, a flag, or the ids chosen. */
export type CriterionValue = string | boolean | number[] | null;

export interface AutomatedReportValues {
  name: string;
  reportType: string | null;
  fileFormat: FileFormat;
  /** Keyed by the criterion's name (camelCase, as `GET reports` names it). */
  criteria: Record<string, CriterionValue>;
  relativePeriod: RelativePeriod;
  frequency: Frequency;
  weekday: number | null;
  dayOfMonth: number | null;
  sendTime: string;
  /** One address a line (commas and semicolons also separate). */
  emailAddresses: string;
  /** A saved recipients list each send also goes to (`recipients`). */
  recipientsListId: number | null;
  /** Shown only (to who may not choose a list); never sent. */
  recipientsListName: string | null;
  enabled: boolean;
}

export const emptyValues: AutomatedReportValues = {
  name: '',
  reportType: null,
  fileFormat: 'xlsx',
  criteria: {},
  relativePeriod: 'last_month',
  frequency: 'monthly',
  weekday: 1,
  dayOfMonth: 1,
  sendTime: '06:00',
  emailAddresses: '',
  recipientsListId: null,
  recipientsListName: null,
  enabled: true,
};

/** The criteria an automated report asks for: every one but its dates (the period, or a report's day), which each run sets. */
export function editableCriteria(criteria: readonly ReportCriterion[]): ReportCriterion[] {
  return criteria.filter((criterion) => criterion.kind !== 'date');
}

/** A criterion's starting value: its default choice or flag, no ids. */
export function criterionDefault(criterion: ReportCriterion): CriterionValue {
  if (criterion.kind === 'choice') return typeof criterion.default === 'string' ? criterion.default : null;
  if (criterion.kind === 'boolean') return criterion.default === true;
  return [];
}

/** The report type's criteria with stored values kept and missing ones defaulted (a new type drops the old ones). */
export function criteriaFor(criteria: readonly ReportCriterion[], current: Record<string, CriterionValue>): Record<string, CriterionValue> {
  return Object.fromEntries(
    editableCriteria(criteria).map((criterion) => [criterion.name, current[criterion.name] ?? criterionDefault(criterion)]),
  );
}

export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

export function toValues(report: AutomatedReport): AutomatedReportValues {
  return {
    name: report.name,
    reportType: report.reportType,
    fileFormat: report.fileFormat,
    criteria: report.criteria as Record<string, CriterionValue>,
    relativePeriod: report.relativePeriod,
    frequency: report.frequency,
    weekday: report.weekday ?? 1,
    dayOfMonth: report.dayOfMonth ?? 1,
    sendTime: report.sendTime,
    emailAddresses: report.emailAddresses.join('\n'),
    recipientsListId: report.recipientsListId ?? null,
    recipientsListName: report.recipientsListName,
    enabled: report.enabled ?? true,
  };
}

export function toRequest(values: AutomatedReportValues): AutomatedReportRequest {
  // Empty id lists and unset choices are left out: the report type's default applies.
  const criteria = Object.fromEntries(
    Object.entries(values.criteria).filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0)),
  );
  return {
    name: values.name.trim(),
    reportType: values.reportType ?? '',
    fileFormat: values.fileFormat,
    criteria,
    relativePeriod: values.relativePeriod,
    frequency: values.frequency,
    weekday: values.frequency === 'weekly' ? values.weekday : null,
    dayOfMonth: values.frequency === 'monthly' ? values.dayOfMonth : null,
    sendTime: values.sendTime,
    emailAddresses: splitAddresses(values.emailAddresses),
    recipientsListId: values.recipientsListId,
    enabled: values.enabled,
  };
}
