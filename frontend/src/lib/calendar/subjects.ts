import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page } from '@/lib/crud';
import type { IsoDate } from './dates';
import { subjectKey } from './types';

/** One row of `calendar/days/subjects`: a receiver with the month's days that have meals or an absence. */
export type CalendarSubjectRow = components['schemas']['CalendarSubjectRow'];

export interface SubjectRow extends CalendarSubjectRow {
  /** `type/id`: a child and a worker may share a numeric id. */
  key: string;
  /** Meals per date. */
  counts: ReadonlyMap<IsoDate, number>;
  absences: ReadonlySet<IsoDate>;
}

function normalise(row: CalendarSubjectRow): SubjectRow {
  const counts = new Map(row.days.map((day) => [day.date, day.items]));
  const absences = new Set(row.days.filter((day) => day.absence).map((day) => day.date));
  return { ...row, key: subjectKey(row), counts, absences };
}

export async function listCalendarSubjects(params: ListParams): Promise<Page<SubjectRow>> {
  const page = expectOk(await api.get<Page<CalendarSubjectRow>>('calendar/days/subjects', params));
  return { ...page, items: page.items.map(normalise) };
}

export const calendarSubjectsQuery = (params: ListParams) =>
  queryOptions({
    queryKey: ['calendar', 'subjects', params],
    queryFn: () => listCalendarSubjects(params),
    placeholderData: keepPreviousData,
  });

export const useCalendarSubjects = (params: ListParams, enabled = true) => useQuery({ ...calendarSubjectsQuery(params), enabled });
