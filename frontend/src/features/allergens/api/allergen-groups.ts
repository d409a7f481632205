import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';
import { allergens } from '@/lib/allergens/allergens';

export type AllergenGroup = components['schemas']['AllergenGroup'];
export type AllergenGroupRequest = components['schemas']['AllergenGroupRequest'];

/** `allergens/groups`; the allergens list shows group names, so it is refreshed after a change. */
export const allergenGroups = createCrudResource<AllergenGroup, AllergenGroupRequest>({
  key: 'allergenGroups',
  path: 'allergens/groups',
  invalidates: [allergens.key],
  toOption: (group) => ({ value: group.id, text: group.name }),
});
