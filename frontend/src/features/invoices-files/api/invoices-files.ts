import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { OPTION_LIST_PER_PAGE, type ListParams, type Page, type StatusResponse } from '@/lib/crud';
import { downloadFile, openFile, fetchFile } from '@/lib/files';

export type InvoiceFile = components['schemas']['InvoiceFile'];
export type InvoiceKind = InvoiceFile['kind'];
export type InvoiceCreated = components['schemas']['InvoiceCreated'];

export const INVOICE_KINDS: readonly InvoiceKind[] = ['institution', 'user', 'transaction', 'uploaded'];
/** The file types an uploaded invoice may be (checked again by the server, by content). */
export const INVOICE_FILE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const PATH = 'invoicesFiles';

export const invoiceKeys = {
  all: ['invoicesFiles'] as const,
  list: (params: ListParams) => ['invoicesFiles', 'list', params] as const,
  maxFileSize: ['invoicesFiles', 'maxFileSize'] as const,
};

/** How often the list is asked again while an invoice on it is being sent to KSeF (its number comes from a job). */
export const KSEF_REFETCH_MS = 5000;

export const useInvoicesFiles = (params: ListParams) =>
  useQuery({
    queryKey: invoiceKeys.list(params),
    queryFn: async () => expectOk(await api.get<Page<InvoiceFile>>(PATH, params)),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((row) => row.ksefState === 'sending') ? KSEF_REFETCH_MS : false),
  });

interface UserOption {
  value: number;
  text: string;
}

/** Parents and institution workers: the users a month's invoice or an uploaded file may be for (the office's). */
export const useCustomerOptions = (enabled = true) =>
  useQuery({
    queryKey: ['invoicesFiles', 'customers'],
    queryFn: async () => {
      const load = async (role: string) =>
        expectOk(await api.get<Page<UserOption>>('users/options', { role, perPage: OPTION_LIST_PER_PAGE })).items;
      const [parents, workers] = await Promise.all([load('ROLE_PARENT'), load('ROLE_INSTITUTION_WORKER')]);
      return [...parents, ...workers].sort((a, b) => a.text.localeCompare(b.text, 'pl'));
    },
    enabled,
  });

export const useInvoiceMaxFileSize = (enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.maxFileSize,
    queryFn: async () => expectOk(await api.get<{ maxFileSize: number }>(`${PATH}/maxFileSize`)).maxFileSize,
    enabled,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}

/** A creation answers 201 with the new invoice, or 200 with the one made before for the same deposit or month. */
function created(response: { status: number; data: InvoiceCreated }): InvoiceCreated {
  if (response.status !== 201 && response.status !== 200) throw new ApiError(response.status, 'Error');
  return response.data;
}

export type CreateInvoice =
  | { kind: 'institution'; institutionId: number; month: string }
  | { kind: 'user'; userId: number; month: string }
  | { kind: 'transaction'; transactionId: number };

export const useCreateInvoice = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (request: CreateInvoice) => {
      if (request.kind === 'institution') {
        return created(await api.post<InvoiceCreated>(`${PATH}/createForInstitution/${request.institutionId}`, { month: request.month }));
      }
      if (request.kind === 'user') {
        return created(await api.post<InvoiceCreated>(`${PATH}/createForUser/${request.userId}`, { month: request.month }));
      }
      return created(await api.post<InvoiceCreated>(`${PATH}/createForTransaction/${request.transactionId}`));
    },
    onSuccess: refresh,
  });
};

export interface UploadInvoice {
  file: File;
  number: string;
  month: string;
  institutionId: number | null;
  userId: number | null;
}

export const useUploadInvoice = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ file, number, month, institutionId, userId }: UploadInvoice) => {
      const body = new FormData();
      body.append('file', file);
      body.append('number', number);
      body.append('month', month);
      if (institutionId !== null) body.append('institutionId', String(institutionId));
      if (userId !== null) body.append('userId', String(userId));
      return created(await api.post<InvoiceCreated>(PATH, body));
    },
    onSuccess: refresh,
  });
};

export const useMarkInvoicePaid = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => expectStatus(await api.post<StatusResponse>(`${PATH}/${id}/markAsPaid`)),
    onSuccess: refresh,
  });
};

export const useDeleteInvoice = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => expectStatus(await api.delete<StatusResponse>(`${PATH}/${id}`)),
    onSuccess: refresh,
  });
};

/** Queue the invoice for KSeF: the answer says `sending`, the list is asked again until KSeF answers. */
export const useSendToKsef = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => expectOk(await api.post<InvoiceFile>(`${PATH}/${id}/sendToKsef`)),
    onSuccess: refresh,
  });
};

/** The invoice as KSeF FA(3) XML (a business buyer's drawn invoice). */
export const downloadKsefXml = (row: InvoiceFile) =>
  downloadFile(`${PATH}/${row.id}/ksefXml`, { fallbackName: `${row.number}.xml` });

/** The UPO KSeF gave the accepted invoice (its official receipt, XML), once stored (`ksefUpoAvailable`). */
export const downloadKsefUpo = (row: InvoiceFile) =>
  downloadFile(`${PATH}/${row.id}/ksefUpo`, { fallbackName: `${row.number}-UPO.xml` });

/** One invoice's file, opened in a new tab (the browser's viewer prints and saves it). */
export const openInvoice = (row: InvoiceFile) =>
  openFile(() => fetchFile(`${PATH}/${row.id}/download`, { method: 'POST', fallbackName: `${row.number}.${row.fileKind}` }));

/** The selected invoices in one archive, `faktury.zip`. */
export const downloadInvoices = (ids: number[]) =>
  downloadFile(`${PATH}/download`, { method: 'POST', body: { invoicesFilesIds: ids }, fallbackName: 'faktury.zip' });
