import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type PriceListsGroup = components['schemas']['PriceListsGroup'];
export type PriceListsGroupRequest = components['schemas']['PriceListsGroupRequest'];

/**
 * `priceLists/groups`: list (`search`, `sort=name`, `forGroupOrders`, `defaultForChildren`,
 * `defaultForInstitutionsWorkers`), get, create, update, delete (409 while lists, classrooms or children use it).
 * Price lists show their group's name, so they are refreshed after a change.
 */
export const priceListsGroups = createCrudResource<PriceListsGroup, PriceListsGroupRequest>({
  key: 'priceListsGroups',
  path: 'priceLists/groups',
  invalidates: ['priceLists'],
  toOption: (group) => ({ value: group.id, text: group.name }),
});
