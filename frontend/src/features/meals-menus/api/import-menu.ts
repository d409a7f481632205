import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@/lib/files';
import type { MealsMenu } from './meals-menus';
import { mealsMenus } from './meals-menus';

export const IMPORT_PATH = 'mealsMenus/importMealsMenuFromExcelFile';
export const TEMPLATE_PATH = `${IMPORT_PATH}/template`;

export interface ImportFields {
  file: File;
  name: string;
  institutionsIds: number[];
  dietsIds: number[];
  dateFrom: string | null;
  dateTo: string | null;
}

/** POST importMealsMenuFromExcelFile (multipart); a refused file rejects with ImportRejected (lib/files). */
export function importMenu(fields: ImportFields, onProgress: (percent: number) => void): Promise<MealsMenu> {
  const form = new FormData();
  form.append('file', fields.file);
  form.append('name', fields.name);
  fields.institutionsIds.forEach((id) => form.append('institutionsIds', String(id)));
  fields.dietsIds.forEach((id) => form.append('dietsIds', String(id)));
  if (fields.dateFrom && fields.dateTo) {
    form.append('dateFrom', fields.dateFrom);
    form.append('dateTo', fields.dateTo);
  }
  return uploadWithProgress<MealsMenu>(IMPORT_PATH, form, onProgress);
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
