import { ApiError, apiHeaders, failedResponseError, genericApiError, requestUrl } from '@/api/client';
import type { components } from '@/api/schema';
import { translateServerMessage } from '@/lib/i18n';

/**
 * Files the shared JSON client does not read: downloads (PDF, DOCX, XLSX as bytes) and uploads with progress.
 * Both send the client's headers (token, user-locale) and fail with the client's ApiError.
 */
/** The spreadsheet formats a list exports to. */
export type ExportFormat = 'xlsx' | 'csv';

export interface DownloadedFile {
  blob: Blob;
  name: string;
}

export type ImportRowError = components['schemas']['ImportRowError'];
type ImportErrorBody = components['schemas']['ImportError'];

/** A refused spreadsheet import (nothing stored): what is wrong with the file and every bad cell (row, column letter, message). */
export class ImportRejected extends ApiError {
  readonly rows: ImportRowError[];
  readonly fileErrors: string[];

  constructor(body: ImportErrorBody) {
    super(400, translateServerMessage(body.message), body.errors);
    this.name = 'ImportRejected';
    this.rows = body.rows ?? [];
    this.fileErrors = body.errors.file ?? [];
  }
}

function isImportError(body: unknown): body is ImportErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string' &&
    typeof (body as { errors?: unknown }).errors === 'object' &&
    Array.isArray((body as { rows?: unknown }).rows)
  );
}

/** The name of a Content-Disposition header: the exact UTF-8 `filename*` when given, else the ASCII `filename`. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (exact?.[1]) {
    try {
      return decodeURIComponent(exact[1]);
    } catch {
      // A malformed escape: the ASCII name below is still good.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

export interface FileRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  body?: unknown;
  /** The name when the answer has no Content-Disposition. */
  fallbackName?: string;
}

/**
 * The query string (with its `?`, or empty) of a list's filters for an export: the filters the list sends, without
 * its paging — an export is the whole filtered list.
 */
export function exportQuery(params: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '' && key !== 'page' && key !== 'perPage') query.set(key, String(value));
  }
  return query.toString() ? `?${query.toString()}` : '';
}

/** The file at `path`, with its server name. */
export async function fetchFile(path: string, { method = 'GET', body, fallbackName = 'download' }: FileRequest = {}): Promise<DownloadedFile> {
  const headers = apiHeaders('*/*');
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(requestUrl(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await failedResponseError(response);
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Saves the file under its name. */
export function saveFile({ blob, name }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the file at `path` and saves it under the server's name. */
export async function downloadFile(path: string, request: FileRequest = {}): Promise<void> {
  saveFile(await fetchFile(path, request));
}

/**
 * Opens the file in a new tab (the browser's viewer prints it). The tab is opened before the request, while the
 * click still counts as the user's, so pop-up blockers let it through; without it the file is saved instead.
 */
export async function openFile(load: () => Promise<DownloadedFile>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await load();
    if (!tab) {
      saveFile(file);
      return;
    }
    tab.location.href = URL.createObjectURL(file.blob);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * POST multipart `formData` to `path`, reporting upload progress in percent. XMLHttpRequest rather than fetch:
 * only it reports upload progress. Resolves with the JSON answer of a 2xx; a refused import rejects with
 * ImportRejected, anything else with the shared client's ApiError (401 ends the session).
 */
export function uploadWithProgress<T>(path: string, formData: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', requestUrl(path));
    apiHeaders().forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(genericApiError());
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          reject(genericApiError(request.status));
        }
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 400 && isImportError(body)) {
        reject(new ImportRejected(body));
        return;
      }
      const response = new Response(request.responseText || null, { status: request.status });
      void failedResponseError(response).then(reject, () => reject(genericApiError(request.status)));
    };
    request.send(formData);
  });
}
