import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, GENERIC_ERROR_MESSAGE, genericApiError } from '@/api/client';
import type { components } from '@/api/schema';
import { currentLocale, translateServerMessage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import { ingredients } from './ingredients';

export type IngredientImportResult = components['schemas']['IngredientImportResult'];
export type IngredientImportRowError = components['schemas']['IngredientImportRowError'];
type IngredientImportError = components['schemas']['IngredientImportError'];

export const IMPORT_PATH = 'ingredients/import';
export const TEMPLATE_PATH = 'ingredients/import/template';

/** A refused import: the file-level messages and every bad cell (row, column, message). */
export class IngredientImportRejected extends ApiError {
  readonly rows: IngredientImportRowError[];
  readonly fileErrors: string[];

  constructor(body: IngredientImportError) {
    super(400, translateServerMessage(body.message), body.errors);
    this.name = 'IngredientImportRejected';
    this.rows = body.rows;
    this.fileErrors = body.errors.file ?? [];
  }
}

function isImportError(body: unknown): body is IngredientImportError {
  return typeof body === 'object' && body !== null && 'message' in body && Array.isArray((body as { rows?: unknown }).rows);
}

/**
 * POST ingredients/import (multipart `file`). XMLHttpRequest rather than the shared fetch client, because
 * only it reports upload progress; the headers are the client's (token, user-locale).
 */
export function importIngredients(file: File, onProgress: (percent: number) => void): Promise<IngredientImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', new URL(API_BASE + IMPORT_PATH, window.location.origin).toString());
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('user-locale', currentLocale());
    const token = sessionStore.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(genericApiError());
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        reject(genericApiError(request.status));
        return;
      }
      if (request.status === 200 && typeof body === 'object' && body !== null && (body as { status?: unknown }).status) {
        resolve(body as IngredientImportResult);
      } else if (request.status === 400 && isImportError(body)) {
        reject(new IngredientImportRejected(body));
      } else {
        // 401, 403, 413...: the shared client's handling (logout on 401, translated message) applies.
        reject(new ApiError(request.status, translateServerMessage((body as { message?: string } | null)?.message ?? GENERIC_ERROR_MESSAGE)));
      }
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

export function useImportIngredients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => importIngredients(file, onProgress),
    // The import screen shows the report itself; a global toast would repeat it.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ingredients.key] }),
  });
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header, if any. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="?([^";]+)"?/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** GET ingredients/import/template, saved under the server's file name (ASCII, in the user's language). */
export async function downloadTemplate(): Promise<void> {
  const headers = new Headers({ 'user-locale': currentLocale() });
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(new URL(API_BASE + TEMPLATE_PATH, window.location.origin).toString(), { headers });
  if (!response.ok) throw genericApiError(response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('Content-Disposition'), 'ingredients-template.xlsx');
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
