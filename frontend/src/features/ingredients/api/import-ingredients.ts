import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/api/schema';
import { downloadFile, uploadWithProgress } from '@/lib/files';
import { ingredients } from '@/lib/ingredients/ingredients';

export type IngredientImportResult = components['schemas']['IngredientImportResult'];

export const IMPORT_PATH = 'ingredients/import';
export const TEMPLATE_PATH = 'ingredients/import/template';

/** POST ingredients/import (multipart `file`); a refused file rejects with ImportRejected (lib/files). */
export function importIngredients(file: File, onProgress: (percent: number) => void): Promise<IngredientImportResult> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<IngredientImportResult>(IMPORT_PATH, form, onProgress);
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

/** GET ingredients/import/template, saved under the server's file name (in the user's language). */
export function downloadTemplate(): Promise<void> {
  return downloadFile(TEMPLATE_PATH, { fallbackName: 'ingredients-template.xlsx' });
}
