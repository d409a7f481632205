import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page, StatusResponse } from '@/lib/crud';

export type Announcement = components['schemas']['Announcement'];
export type RecipientsListOption = Pick<components['schemas']['RecipientsList'], 'id' | 'name'>;

/** The server's limits (announcements/services.py). */
export const MAX_ATTACHMENTS = 5;
export const TITLE_MAX = 200;
export const TEXT_MAX = 20000;

const keys = {
  all: ['announcements'] as const,
  list: (params: ListParams) => ['announcements', 'list', params] as const,
  details: (id: number) => ['announcements', 'details', id] as const,
};

export const useAnnouncements = (params: ListParams) =>
  useQuery({
    queryKey: keys.list(params),
    queryFn: async () => expectOk(await api.get<Page<Announcement>>('announcements', params)),
    placeholderData: keepPreviousData,
  });

export const useAnnouncement = (id: number | null) =>
  useQuery({
    queryKey: keys.details(id ?? 0),
    queryFn: async () => expectOk(await api.get<Announcement>(`announcements/${id}`)),
    enabled: id !== null,
  });

/** The saved lists an announcement may be published to (`recipients`, administrators only). */
export const useRecipientsListOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['recipients', 'announcementOptions'],
    queryFn: async () => expectOk(await api.get<Page<RecipientsListOption>>('recipients', { perPage: 9999 })).items,
    enabled,
  });

export interface AnnouncementFields {
  title: string;
  /** HTML: the server keeps the allowed formatting only. */
  text: string;
  validFrom: string;
  validTo: string;
  everyone: boolean;
  institutionIds: number[];
  classroomIds: number[];
  roles: string[];
  recipientsListId: number | null;
  /** New files (PDF, JPG, PNG), added to those the announcement has. */
  attachments: File[];
}

/** multipart/form-data: lists as repeated keys, empty values left out. */
export function announcementBody(fields: AnnouncementFields): FormData {
  const form = new FormData();
  form.append('title', fields.title);
  form.append('text', fields.text);
  form.append('validFrom', fields.validFrom);
  if (fields.validTo) form.append('validTo', fields.validTo);
  if (fields.everyone) form.append('everyone', 'true');
  for (const id of fields.institutionIds) form.append('institutionIds', String(id));
  for (const id of fields.classroomIds) form.append('classroomIds', String(id));
  for (const role of fields.roles) form.append('roles', role);
  if (fields.recipientsListId !== null) form.append('recipientsListId', String(fields.recipientsListId));
  for (const file of fields.attachments) form.append('attachments', file);
  return form;
}

function useInvalidating<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const usePublishAnnouncement = () =>
  useInvalidating(async (fields: AnnouncementFields) =>
    expectCreated(await api.post<{ id: number }>('announcements', announcementBody(fields))),
  );

export const useUpdateAnnouncement = (id: number) =>
  useInvalidating(async (fields: AnnouncementFields) =>
    expectOk(await api.post<Announcement>(`announcements/${id}`, announcementBody(fields))),
  );

export const useDeleteAnnouncement = () =>
  useInvalidating(async (id: number) => expectStatus(await api.delete<StatusResponse>(`announcements/${id}`)));

export const useDeleteAnnouncementAttachment = (id: number) =>
  useInvalidating(async (attachmentId: number) =>
    expectStatus(await api.delete<StatusResponse>(`announcements/${id}/attachments/${attachmentId}/delete`)),
  );
