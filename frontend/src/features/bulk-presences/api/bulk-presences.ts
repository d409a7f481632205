import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import type { SubjectRef } from '@/lib/calendar/types';

export type BulkPresencesResult = components['schemas']['BulkPresencesResult'];

interface BulkBase {
  subjects: SubjectRef[];
  /** Empty or absent: each subject's own default meal types. */
  mealTypesIds?: number[] | null;
}

/** A range may name its receivers by filter instead (every receiver of an institution, classroom or group). */
interface RangeFilters {
  institutionId?: number | null;
  classroomId?: number | null;
  childGroupId?: number | null;
}

export type BulkCommand =
  | ({ kind: 'dates'; dates: string[] } & BulkBase)
  | ({ kind: 'range'; dateFrom: string; dateTo: string; weekdays: number[] } & (BulkBase | (RangeFilters & Omit<BulkBase, 'subjects'>)));

/** The most receivers one command may list (BulkMarkSerializer); beyond it a range names them by filter. */
export const MAX_LISTED_SUBJECTS = 2000;

/** `calendar/bulkPresences/mark` (listed dates) or `markRange` (a range on chosen weekdays, 1 = Monday). */
export async function bulkMark(command: BulkCommand): Promise<BulkPresencesResult> {
  const { kind, ...body } = command;
  const path = kind === 'dates' ? 'calendar/bulkPresences/mark' : 'calendar/bulkPresences/markRange';
  return expectStatus(await api.post<BulkPresencesResult>(path, body));
}

export function useBulkMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkMark,
    onSuccess: () => Promise.all(['calendar', 'orders'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
