import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type District = components['schemas']['District'];
export type DistrictRequest = components['schemas']['DistrictRequest'];

/** `districts` (options cached like every option list); institutions show district names, so they refresh too. */
export const districts = createCrudResource<District, DistrictRequest>({
  key: 'districts',
  path: 'districts',
  invalidates: ['institutions'],
});
