import type { TFunction } from 'i18next';
import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { mealsMenus, type MealsMenu } from '../api/meals-menus';
import { MealsMenuFields } from './MealsMenuFields';

/** The server's limits (MealsMenuSerializer, services): name up to 200, end not before start, at most 366 days. */
export const NAME_MAX_LENGTH = 200;
export const MAX_MENU_DAYS = 366;

export interface MealsMenuValues {
  name: string;
  dateFrom: string;
  dateTo: string;
  institutionsIds: number[];
  dietsIds: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

export const mealsMenuSchema = (t: TFunction) =>
  z
    .object({
      name: requiredText(t, NAME_MAX_LENGTH),
      dateFrom: z.string().min(1, t('common:validation.required')),
      dateTo: z.string().min(1, t('common:validation.required')),
      institutionsIds: z.array(z.number()).min(1, t('mealsMenus:validation.chooseInstitution')),
      dietsIds: z.array(z.number()).min(1, t('mealsMenus:validation.chooseDiet')),
    })
    .superRefine((values, ctx) => {
      if (!values.dateFrom || !values.dateTo) return;
      if (values.dateTo < values.dateFrom) {
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: t('mealsMenus:validation.endBeforeStart') });
      } else if (daysBetween(values.dateFrom, values.dateTo) + 1 > MAX_MENU_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: t('mealsMenus:validation.tooLong', { days: MAX_MENU_DAYS }) });
      }
    });

/** The first and last day of the month after today: a new menu is usually prepared for next month. */
export function nextMonthRange(today = new Date()): { dateFrom: string; dateTo: string } {
  const first = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth() + 2, 0);
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { dateFrom: iso(first), dateTo: iso(last) };
}

export const toMenuValues = (menu: MealsMenu): MealsMenuValues => ({
  name: menu.name,
  dateFrom: menu.dateFrom,
  dateTo: menu.dateTo,
  institutionsIds: menu.institutionsIds,
  dietsIds: menu.dietsIds,
});

export const mealsMenuForm = defineEntityForm({
  resource: mealsMenus,
  schema: mealsMenuSchema,
  empty: { name: '', ...nextMonthRange(), institutionsIds: [], dietsIds: [] } as MealsMenuValues,
  toValues: toMenuValues,
  toCreate: (values: MealsMenuValues) => values,
  Fields: MealsMenuFields,
});
