import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, FORBIDDEN_MESSAGE, GENERIC_ERROR_MESSAGE, genericApiError } from '@/api/client';
import { currentLocale, translateServerMessage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session-store';
import type { MealsMenu } from './meals-menus';
import { mealsMenus } from './meals-menus';

export const IMPORT_PATH = 'mealsMenus/importMealsMenuFromExcelFile';
export const TEMPLATE_PATH = `${IMPORT_PATH}/template`;

export type ImportColumn = 'date' | 'mealType' | 'meal';

export interface ImportRowError {
  row: number;
  column: ImportColumn;
  message: string;
}

export interface ImportFields {
  file: File;
  name: string;
  institutionsIds: number[];
  dietsIds: number[];
  dateFrom: string | null;
  dateTo: string | null;
}

/** A refused import: its row report (row, column, message; the server sends `rows.<row>.<column>` keys) and the other fields' messages. */
export class MenuImportRejected extends ApiError {
  readonly rows: ImportRowError[];

  constructor(status: number, message: string, errors: Record<string, string[]>) {
    super(status, message, errors);
    this.name = 'MenuImportRejected';
    this.rows = Object.entries(errors).flatMap(([key, messages]) => {
      const match = /^rows\.(\d+)\.(date|mealType|meal)$/.exec(key);
      return match ? messages.map((text) => ({ row: Number(match[1]), column: match[2] as ImportColumn, message: text })) : [];
    });
    this.rows.sort((a, b) => a.row - b.row);
  }
}

/**
 * POST importMealsMenuFromExcelFile (multipart). XMLHttpRequest rather than fetch: only it reports upload
 * progress. Headers as the shared client's (token, user-locale).
 */
export function importMenu(fields: ImportFields, onProgress: (percent: number) => void): Promise<MealsMenu> {
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
      type Body = { id?: unknown; message?: string; errors?: Record<string, string[]> } | null;
      let body: Body;
      try {
        body = JSON.parse(request.responseText) as Body;
      } catch {
        reject(genericApiError(request.status));
        return;
      }
      if (request.status === 201 && typeof body?.id === 'number') {
        resolve(body as MealsMenu);
      } else if (request.status === 403) {
        reject(new ApiError(403, translateServerMessage(FORBIDDEN_MESSAGE)));
      } else {
        reject(new MenuImportRejected(request.status, translateServerMessage(body?.message ?? GENERIC_ERROR_MESSAGE), body?.errors ?? {}));
      }
    };
    const form = new FormData();
    form.append('file', fields.file);
    form.append('name', fields.name);
    fields.institutionsIds.forEach((id) => form.append('institutionsIds', String(id)));
    fields.dietsIds.forEach((id) => form.append('dietsIds', String(id)));
    if (fields.dateFrom && fields.dateTo) {
      form.append('dateFrom', fields.dateFrom);
      form.append('dateTo', fields.dateTo);
    }
    request.send(form);
  });
}

export function useImportMenu() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, onProgress }: { fields: ImportFields; onProgress: (percent: number) => void }) => importMenu(fields, onProgress),
    // The import screen shows the report itself; a global toast would repeat it.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [mealsMenus.key] }),
  });
}
