import type { components } from '@/api/schema';
import { createCrudResource } from '@/lib/crud';

/** Every staff kind answers the same shape; institutions admins add `permissions` and `institutionsIds`. */
export type StaffMember = components['schemas']['InstitutionsAdmin'];
export type StaffMemberRequest = components['schemas']['InstitutionsAdminRequest'];
export type Permission = components['schemas']['PermissionsEnum'];

export const STAFF_KINDS = ['administrators', 'cooks', 'institutionsAdmins', 'ticketAdmins', 'reportManagers'] as const;
export type StaffKind = (typeof STAFF_KINDS)[number];

export const PERMISSIONS: readonly Permission[] = [
  'tickets_manage',
  'parents_edit',
  'parents_view',
  'children_edit',
  'menu_edit',
  'orders_cancel',
  'orders_edit',
  'orders_create',
  'transactions_edit',
];

/**
 * One resource per staff path (`administrators`, `cooks`, `institutionsAdmins`, `ticketAdmins`, `reportManagers`):
 * list (`search`, `status` active/inactive/archived, `sort`), get, create, update, delete, and the commands
 * `{id}/activate|deactivate|archive|resetPassword` and PUT `{id}/password` (see person-commands.ts).
 */
export const staffResources = Object.fromEntries(
  STAFF_KINDS.map((kind) => [kind, createCrudResource<StaffMember, StaffMemberRequest>({ key: kind, path: kind })]),
) as Record<StaffKind, ReturnType<typeof createCrudResource<StaffMember, StaffMemberRequest>>>;
