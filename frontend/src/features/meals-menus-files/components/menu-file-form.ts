import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredChoice, requiredText } from '@/components/form';
import { mealsMenusFiles, type MealsMenuFile } from '../api/meals-menus-files';
import { FileFields } from './FileFields';

/** The server's rules (MealsMenuFileSerializer): a month `YYYY-MM`, name up to 200, a file on create. */
export interface MenuFileValues {
  institutionId: number | null;
  month: string;
  name: string;
  file: File | null;
  /** The stored file's name when editing: a new file is then optional. */
  currentName: string;
}

interface ParsedMenuFile {
  institutionId: number;
  month: string;
  name: string;
  file: File | null;
}

function toFormData(values: ParsedMenuFile): FormData {
  const form = new FormData();
  form.append('institutionId', String(values.institutionId));
  form.append('month', values.month);
  form.append('name', values.name);
  if (values.file) form.append('file', values.file);
  return form;
}

const nextMonth = (today = new Date()) => {
  const date = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
};

export const menuFileForm = defineEntityForm({
  resource: mealsMenusFiles,
  schema: (t) =>
    z
      .object({
        institutionId: requiredChoice(t, z.number()),
        month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, t('mealsMenusFiles:validation.month')),
        name: requiredText(t, 200),
        file: z.instanceof(File).nullable(),
        currentName: z.string(),
      })
      .superRefine((values, ctx) => {
        if (!values.file && !values.currentName) ctx.addIssue({ code: 'custom', path: ['file'], message: t('mealsMenusFiles:validation.file') });
      })
      .transform(({ currentName: _currentName, ...values }) => values),
  empty: { institutionId: null, month: nextMonth(), name: '', file: null, currentName: '' } as MenuFileValues,
  toValues: (item: MealsMenuFile): MenuFileValues => ({
    institutionId: item.institutionId,
    month: item.month,
    name: item.name,
    file: null,
    currentName: item.originalName,
  }),
  toCreate: (values: ParsedMenuFile) => toFormData(values),
  Fields: FileFields,
});
