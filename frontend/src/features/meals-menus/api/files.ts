import { API_BASE, ApiError, FORBIDDEN_MESSAGE, GENERIC_ERROR_MESSAGE, genericApiError } from '@/api/client';
import { currentLocale, translateServerMessage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';

/**
 * Files (PDF, DOCX, XLSX, images) come as bytes, which the shared JSON client does not read: these helpers
 * send the same headers (token, user-locale) and turn a JSON error body into the same ApiError.
 */
export interface DownloadedFile {
  blob: Blob;
  name: string;
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

async function errorOf(response: Response): Promise<ApiError> {
  if (response.status === 403) return new ApiError(403, translateServerMessage(FORBIDDEN_MESSAGE));
  try {
    const body = (await response.json()) as { message?: string; errors?: Record<string, string[]> };
    const lines = Object.values(body.errors ?? {})
      .flat()
      .map((line) => `• ${line}`);
    return new ApiError(
      response.status,
      [translateServerMessage(body.message ?? GENERIC_ERROR_MESSAGE), ...lines].join('\n'),
      body.errors ?? {},
    );
  } catch {
    return genericApiError(response.status);
  }
}

export async function fetchFile(
  path: string,
  { method = 'GET', body, fallbackName }: { method?: 'GET' | 'POST'; body?: unknown; fallbackName: string },
): Promise<DownloadedFile> {
  const headers = new Headers({ 'user-locale': currentLocale() });
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(new URL(API_BASE + path, window.location.origin).toString(), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Saves the file under its server name. */
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
