import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { IsoMonth } from '@/lib/calendar/dates';
import type { CalendarMonth, CalendarSubjectsMonth, SubjectRef } from '@/lib/calendar/types';

/** The server's limit of subjects per call (CalendarSubjectsMonthQuerySerializer). */
export const SUBJECTS_PER_CALL = 50;

/** `child:12,institution_worker:7`, as the call's `subjects` parameter reads them. */
export const subjectsParam = (subjects: readonly SubjectRef[]) => subjects.map((subject) => `${subject.type}:${subject.id}`).join(',');

/**
 * Every day of `month` for each of `subjects`: one request (a parent's children, a worker and their
 * children...); more than the server's limit are asked for in chunks of it.
 */
export async function getSubjectsMonth(subjects: readonly SubjectRef[], month: IsoMonth): Promise<CalendarMonth[]> {
  if (subjects.length === 0) return [];
  const chunks: SubjectRef[][] = [];
  for (let start = 0; start < subjects.length; start += SUBJECTS_PER_CALL) chunks.push(subjects.slice(start, start + SUBJECTS_PER_CALL));
  const answers = await Promise.all(
    chunks.map(async (chunk) =>
      expectOk(await api.get<CalendarSubjectsMonth>('calendar/days/subjects/month', { subjects: subjectsParam(chunk), month })),
    ),
  );
  return answers.flatMap((answer) => answer.subjects);
}

/** Under `['calendar', 'days', ...]`: marking invalidates it with every other calendar answer. */
export const subjectsMonthQuery = (subjects: readonly SubjectRef[], month: IsoMonth) =>
  queryOptions({
    queryKey: ['calendar', 'days', 'subjects-month', subjectsParam(subjects), month] as const,
    queryFn: () => getSubjectsMonth(subjects, month),
  });

export const useSubjectsMonth = (subjects: readonly SubjectRef[], month: IsoMonth, enabled = true) =>
  useQuery({ ...subjectsMonthQuery(subjects, month), enabled: enabled && subjects.length > 0 });
