import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page } from '@/lib/crud';
import { downloadFile } from '@/lib/files';

export type Message = components['schemas']['Message'];
export type MessageFolder = 'received' | 'sent' | 'closed';
export const MESSAGE_FOLDERS: readonly MessageFolder[] = ['received', 'sent', 'closed'];
/** The server's limit (services.MAX_MESSAGE_ATTACHMENTS); each file is checked by its bytes and size there. */
export const MAX_ATTACHMENTS = 5;

const keys = {
  all: ['messages'] as const,
  list: (folder: MessageFolder, params: ListParams) => ['messages', 'list', folder, params] as const,
  receivers: (body: ReceiversQuery) => ['messages', 'receivers', body] as const,
};

export const useMessages = (folder: MessageFolder, params: ListParams) =>
  useQuery({
    queryKey: keys.list(folder, params),
    queryFn: async () => expectOk(await api.get<Page<Message>>('messages', { ...params, folder })),
    placeholderData: keepPreviousData,
  });

/** Who a message to many goes to (messaging.audience on the server). */
export interface Audience {
  everyone: boolean;
  institutionIds: number[];
  classroomIds: number[];
  childrenGroupIds: number[];
  workersGroupIds: number[];
  roles: string[];
}
export const EMPTY_AUDIENCE: Audience = {
  everyone: false,
  institutionIds: [],
  classroomIds: [],
  childrenGroupIds: [],
  workersGroupIds: [],
  roles: [],
};
export const isEmptyAudience = (audience: Audience) =>
  !audience.everyone &&
  [audience.institutionIds, audience.classroomIds, audience.childrenGroupIds, audience.workersGroupIds, audience.roles].every(
    (list) => list.length === 0,
  );

export interface ReceiversQuery extends Partial<Audience> {
  search?: string;
  perPage?: number;
}
export type Receivers = components['schemas']['MessageReceivers'];

/** Our extension `messages/receivers`: the people a message would reach (the picker's search, the count before sending). */
export const useReceivers = (body: ReceiversQuery, enabled: boolean) =>
  useQuery({
    queryKey: keys.receivers(body),
    queryFn: async () => expectOk(await api.post<Receivers>('messages/receivers', body)),
    enabled,
    placeholderData: keepPreviousData,
  });

export interface MessageFields {
  subject: string;
  text: string;
  attachments: File[];
}

/** JSON without files; multipart with them (lists and files as repeated fields). */
function body(fields: Record<string, unknown>, attachments: File[]): FormData | Record<string, unknown> {
  if (attachments.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const file of attachments) form.append('attachments', file);
  return form;
}

type Created = components['schemas']['MessageCreated'];

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachments, ...fields }: MessageFields & { receiverId?: number; replyToId?: number }) =>
      expectCreated(await api.post<Created>('messages', body(fields, attachments))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useSendMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attachments, ...fields }: MessageFields & Audience) =>
      expectCreated(await api.post<Created>('messages/many', body({ ...fields }, attachments))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Read (and with `closed`, move to the closed folder or back); the bell's "unread messages" follows. */
export function useMarkMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: { ids: number[]; closed?: boolean }) =>
      expectStatus(await api.post<{ status: boolean }>('messages/read', payload)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), queryClient.invalidateQueries({ queryKey: ['notifications'] })]),
  });
}

export const downloadAttachment = (messageId: number, attachment: { id: number; name: string }) =>
  downloadFile(`messages/${messageId}/attachments/${attachment.id}/download`, { fallbackName: attachment.name });
