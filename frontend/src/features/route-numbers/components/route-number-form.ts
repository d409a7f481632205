import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { optionalId, optionalText, requiredText } from '@/components/form';
import { routeNumbers } from '../api/route-numbers';
import { RouteNumberFields } from './RouteNumberFields';

/** The server's limits (RouteNumberSerializer): number up to 30 and unique, description up to 1000. */
export const NUMBER_MAX_LENGTH = 30;
export const DESCRIPTION_MAX_LENGTH = 1000;

export interface RouteNumberValues {
  number: string;
  description: string;
  driverId: number | null;
  /** The stops in the driver's order. */
  institutionIds: number[];
}

export const routeNumberForm = defineEntityForm({
  resource: routeNumbers,
  schema: (t) =>
    z.object({
      number: requiredText(t, NUMBER_MAX_LENGTH),
      description: optionalText(t, DESCRIPTION_MAX_LENGTH),
      driverId: optionalId(),
      institutionIds: z.array(z.number()),
    }),
  empty: { number: '', description: '', driverId: null, institutionIds: [] },
  toValues: (route) => ({
    number: route.number,
    description: route.description,
    driverId: route.driverId ?? null,
    institutionIds: route.stops.map((stop) => stop.institutionId),
  }),
  toCreate: (values) => values,
  Fields: RouteNumberFields,
});
