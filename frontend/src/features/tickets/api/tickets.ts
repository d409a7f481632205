import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, expectCreated, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import type { ListParams, Page } from '@/lib/crud';

export type Ticket = components['schemas']['Ticket'];
export type TicketDetails = components['schemas']['TicketDetails'];
export type TicketState = Ticket['state'];
export const TICKET_STATES: readonly TicketState[] = ['open', 'closed'];

const keys = {
  all: ['tickets'] as const,
  list: (params: ListParams) => ['tickets', 'list', params] as const,
  details: (id: number) => ['tickets', 'details', id] as const,
  categories: ['tickets', 'categories'] as const,
};

export const useTickets = (params: ListParams) =>
  useQuery({
    queryKey: keys.list(params),
    queryFn: async () => expectOk(await api.get<Page<Ticket>>('tickets', params)),
    placeholderData: keepPreviousData,
  });

export const useTicket = (id: number | null) =>
  useQuery({
    queryKey: keys.details(id ?? 0),
    queryFn: async () => expectOk(await api.get<TicketDetails>(`tickets/${id}`)),
    enabled: id !== null,
  });

/** The tenant's category codes (the spec's variant A or B); their names are ours (`tickets:categories.<code>`). */
export const useTicketCategories = () =>
  useQuery({
    queryKey: keys.categories,
    queryFn: async () => expectOk(await api.get<{ categories: string[] }>('tickets/categories')).categories,
    staleTime: Infinity,
  });

export interface TicketFields {
  category: string;
  subject: string;
  text: string;
  /** PDF, JPG or PNG, at most MAX_ATTACHMENTS (the server checks each file's bytes and size). */
  attachments: File[];
}
export const MAX_ATTACHMENTS = 3;

/** JSON without files; multipart with them (`attachments` repeated). */
function ticketBody({ attachments, ...fields }: TicketFields): FormData | Omit<TicketFields, 'attachments'> {
  if (attachments.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of attachments) form.append('attachments', file);
  return form;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: TicketFields) => expectCreated(await api.post<{ id: number }>('helpTickets', ticketBody(fields))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useAnswerTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => expectCreated(await api.post<{ id: number }>(`tickets/${id}/answers`, { text })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCloseTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => expectStatus(await api.post<{ status: boolean }>(`tickets/${id}/close`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
