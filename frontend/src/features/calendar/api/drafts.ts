import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, apiRequest } from '@/api/client';
import type { IsoDate, IsoMonth } from '@/lib/calendar/dates';
import type { SubjectRef } from '@/lib/calendar/types';

/** What the calendar keeps of an unsent selection (`calendar/days/markedPresencesDrafts`, one per user). */
export interface DraftData {
  month: IsoMonth;
  dates: IsoDate[];
  subjects: SubjectRef[];
}

export interface MarkedPresencesDraft {
  id?: number;
  data: Partial<DraftData> | null;
}

const PATH = 'calendar/days/markedPresencesDrafts';
export const draftQueryKey = ['calendar', 'markedPresencesDraft'] as const;

function isDraftData(value: unknown): value is DraftData {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<DraftData>;
  return typeof draft.month === 'string' && Array.isArray(draft.dates) && Array.isArray(draft.subjects);
}

/** The saved draft, or null when there is none (an empty answer or 404 both mean none). */
export async function getDraft(): Promise<DraftData | null> {
  try {
    const { data } = await api.get<MarkedPresencesDraft | null>(PATH);
    return data && isDraftData(data.data) ? data.data : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const draftQuery = () => queryOptions({ queryKey: draftQueryKey, queryFn: getDraft, staleTime: Infinity, retry: false });

export const useDraft = (enabled: boolean) => useQuery({ ...draftQuery(), enabled });

export const saveDraft = (data: DraftData) => api.post<MarkedPresencesDraft>(PATH, { data });

export const deleteDraft = () => apiRequest<{ status: boolean }>(PATH, { method: 'DELETE' });
