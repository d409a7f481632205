import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { priceListsGroups } from '@/lib/price-lists-groups/price-lists-groups';
import { PriceListsGroupFields } from './PriceListsGroupFields';

/** The server's limits (PriceListsGroupSerializer, price_lists_group_create): name up to 100 and unique. */
const NAME_MAX_LENGTH = 100;

export interface PriceListsGroupValues {
  name: string;
  defaultForChildren: boolean;
  defaultForInstitutionsWorkers: boolean;
  forGroupOrders: boolean;
}

export const priceListsGroupForm = defineEntityForm({
  resource: priceListsGroups,
  schema: (t) =>
    z
      .object({
        name: requiredText(t, NAME_MAX_LENGTH),
        defaultForChildren: z.boolean(),
        defaultForInstitutionsWorkers: z.boolean(),
        forGroupOrders: z.boolean(),
      })
      // Mirrors the service: a group for group orders never prices children or workers by default.
      .refine((values) => !(values.forGroupOrders && (values.defaultForChildren || values.defaultForInstitutionsWorkers)), {
        path: ['forGroupOrders'],
        message: t('priceListsGroups:groupOrdersNotDefault'),
      }),
  empty: { name: '', defaultForChildren: false, defaultForInstitutionsWorkers: false, forGroupOrders: false },
  toValues: (group) => ({
    name: group.name,
    defaultForChildren: group.defaultForChildren,
    defaultForInstitutionsWorkers: group.defaultForInstitutionsWorkers,
    forGroupOrders: group.forGroupOrders,
  }),
  toCreate: (values) => values,
  Fields: PriceListsGroupFields,
});
