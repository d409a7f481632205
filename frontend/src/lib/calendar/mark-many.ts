import { api, expectOk } from '@/api/client';
import type { AbsencesRequest, ManyMarked, PresencesRequest, SubjectRef } from './types';

/** Subjects as the multi-subject calls take them: `{type, id}` only (a Receiver also carries its name). */
const refs = (subjects: readonly SubjectRef[]) => subjects.map(({ type, id }) => ({ type, id }));

/**
 * `POST calendar/days/presences`: the same meals for several subjects in one request (one transaction). A
 * subject that cannot be marked (closed day, no funds...) comes back in `refused`, the others are marked.
 * The idempotency key is the action's: the server makes it `{key}:{type}:{id}` per subject.
 */
export async function markPresencesMany(subjects: readonly SubjectRef[], body: PresencesRequest): Promise<ManyMarked> {
  return expectOk(await api.post<ManyMarked>('calendar/days/presences', { ...body, subjects: refs(subjects) }));
}

/** `POST calendar/days/absences`: cancel the days' meals (refunded) and record absences for several subjects. */
export async function markAbsencesMany(subjects: readonly SubjectRef[], body: AbsencesRequest): Promise<ManyMarked> {
  return expectOk(await api.post<ManyMarked>('calendar/days/absences', { ...body, subjects: refs(subjects) }));
}
