import type { components } from '@/api/schema';
import { createCrudResource, useAction } from '@/lib/crud';

export type Parent = components['schemas']['Parent'];
export type ParentDetail = components['schemas']['ParentDetail'];
export type ParentRequest = components['schemas']['ParentRequest'];
export type ParentChild = components['schemas']['ParentChild'];

/**
 * `parents`: list (`search` on names, e-mail and phones; `status` active/inactive/archived; `institutionId`;
 * `paymentsOverdue`; `sort`), get (`ParentDetail`: children and balance), create (admin), update, delete (409 with
 * children or history: archive instead), the person commands, `{id}/children` and `{id}/paymentsOverdue`.
 */
export const parents = createCrudResource<Parent, ParentRequest>({ key: 'parents', path: 'parents' });

/** `parents/{id}/paymentsOverdue {paymentsOverdue}`. */
export const useParentPaymentsOverdue = () => useAction('parents/{id}/paymentsOverdue', { invalidates: [parents.key] });

/** `users/bulkPaymentsOverdue {usersIds, paymentsOverdue}`: all or nothing. */
export const useBulkPaymentsOverdue = () => useAction('users/bulkPaymentsOverdue', { invalidates: [parents.key] });
