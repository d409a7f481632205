import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type MealsMenuFile = components['schemas']['MealsMenuFile'];

/**
 * `mealsMenusFiles`: list (`institutionId`, `month`, `search`, `sort` on month, name, size, createdAt), get,
 * create and update as multipart (FormData: institutionId, month, name, file), delete.
 */
export const mealsMenusFiles = createCrudResource<MealsMenuFile, FormData>({ key: 'mealsMenusFiles', path: 'mealsMenusFiles' });
