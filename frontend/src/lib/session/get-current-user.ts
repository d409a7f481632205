import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';

/** The roles the route table and menu know; the server sends `roles` as plain strings. */
export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_INSTITUTIONS_ADMIN',
  'ROLE_PARENT',
  'ROLE_INSTITUTION_WORKER',
  'ROLE_COOK',
  'ROLE_TICKET_ADMIN',
  'ROLE_MANAGE_REPORTS',
  'ROLE_EMPLOYEE',
] as const;
export type Role = (typeof ROLES)[number];

export type CurrentUser = components['schemas']['CurrentUser'];

export const getCurrentUser = async (): Promise<CurrentUser> => expectOk(await api.get<CurrentUser>('auth/currentUser'));

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'currentUser'], queryFn: getCurrentUser });

export const useCurrentUserQuery = (enabled: boolean) => useQuery({ ...currentUserQueryOptions(), enabled });

export function isCustomer(user: Pick<CurrentUser, 'roles'>): boolean {
  return user.roles.includes('ROLE_PARENT') || user.roles.includes('ROLE_INSTITUTION_WORKER');
}

/** What the server's one permission table allows this user (`abilities` of auth/currentUser). */
export function hasAbility(user: Pick<CurrentUser, 'abilities'>, ability: string): boolean {
  return user.abilities.includes(ability);
}
