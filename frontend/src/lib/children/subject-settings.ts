import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { api, expectOk } from '@/api/client';
import type { SubjectRef } from '@/lib/calendar/types';

export type SubjectSettings = components['schemas']['SubjectSettings'];
export type SubjectSettingsRequest = components['schemas']['SubjectSettingsRequest'];

/*
 * `calendar/subjectsSettings/{type}/{id}`: a meal receiver's automarking and missing-order reminder on their own,
 * without the child form (an institution worker has no such form). Children's settings are also part of the child.
 */
export const subjectSettingsKeys = {
  detail: (subject: SubjectRef) => ['subjectSettings', subject.type, subject.id] as const,
};

const path = (subject: SubjectRef) => `calendar/subjectsSettings/${subject.type}/${subject.id}`;

export const useSubjectSettings = (subject: SubjectRef) =>
  useQuery({
    queryKey: subjectSettingsKeys.detail(subject),
    queryFn: async () => expectOk(await api.get<SubjectSettings>(path(subject))),
  });

export function useSaveSubjectSettings(subject: SubjectRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SubjectSettingsRequest) => expectOk(await api.put<SubjectSettings>(path(subject), body)),
    meta: { silent: true },
    onSuccess: (saved) => queryClient.setQueryData(subjectSettingsKeys.detail(subject), saved),
  });
}
