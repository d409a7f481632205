import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type Driver = components['schemas']['Driver'];
export type DriverRequest = components['schemas']['DriverRequest'];

/**
 * `drivers`: list (`isActive`, `search` on names, phone and registration, `sort` on lastName/firstName/
 * vehicleRegistration/isActive), get, create, update, delete (409 while a route names the driver) and options.
 * Route numbers show the driver's name, so they are refreshed after a change.
 */
export const drivers = createCrudResource<Driver, DriverRequest>({
  key: 'drivers',
  path: 'drivers',
  invalidates: ['routeNumbers'],
});
