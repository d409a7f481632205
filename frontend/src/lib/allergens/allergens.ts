import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type Allergen = components['schemas']['Allergen'];
export type AllergenRequest = components['schemas']['AllergenRequest'];

/** `allergens`: list (`group`, `search`, `sort` on number/name), get, create, update, delete (409 when in use). */
export const allergens = createCrudResource<Allergen, AllergenRequest>({ key: 'allergens', path: 'allergens' });
