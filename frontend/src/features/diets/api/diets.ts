import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type Diet = components['schemas']['Diet'];
export type DietRequest = components['schemas']['DietRequest'];

/**
 * `diets`, ordered by priority (1 first): list (`institutionId`, `search`, `sort` on priority/name), get,
 * create, update, delete (409 while a child, worker, price list or menu names the diet). Commands
 * (`increasePriority`, `decreasePriority`, `markAsDefault`) go through `useAction` with `dietCommand`.
 */
export const diets = createCrudResource<Diet, DietRequest>({ key: 'diets', path: 'diets' });

export const dietCommand = {
  increasePriority: 'diets/{id}/increasePriority',
  decreasePriority: 'diets/{id}/decreasePriority',
  markAsDefault: 'diets/{id}/markAsDefault',
} as const;
