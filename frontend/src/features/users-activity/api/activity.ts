import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

export type ActivityEntry = components['schemas']['ActivityEntry'];

/**
 * `users/activity` (admin): the audit trail, newest first. Filters: `userId` (actor or the user acted upon),
 * `action` (a prefix such as `user.sign_in` or `child.`), `dateFrom`, `dateTo`, `search` (actor e-mail, action).
 * Read-only: only the list of the resource is used.
 */
export const usersActivity = createCrudResource<ActivityEntry, never>({ key: 'usersActivity', path: 'users/activity' });
