import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { ToastPlacement } from '@/components/toasts/Toasts';
import type { Locale } from '@/lib/i18n';

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

export interface NotificationsSettings {
  notificationsPlacement: ToastPlacement;
  emailNotificationsEnabled: boolean;
  pushNotificationsEnabled: boolean;
}

export interface InvoicesSettings {
  invoicesEnabled: boolean;
  companyName: string | null;
  vatId: string | null;
  address: { street: string | null; city: string | null; postCode: string | null };
}

export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  roles: Role[];
  permissions: string[];
  abilities: string[];
  settings: { canSeePrices: boolean };
  bankAccountNumber: string | null;
  calendarSettings: { showGrammages: boolean };
  institutionsIds: number[];
  institution: null | { id: number };
  locale: Locale;
  notificationsSettings: NotificationsSettings;
  phoneNumber: string | null;
  phoneNumber2: string | null;
  invoicesSettings: InvoicesSettings;
}

export const getCurrentUser = async (): Promise<CurrentUser> => expectOk(await api.get<CurrentUser>('auth/currentUser'));

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'currentUser'], queryFn: getCurrentUser });

export const useCurrentUserQuery = (enabled: boolean) => useQuery({ ...currentUserQueryOptions(), enabled });

export function isCustomer(user: Pick<CurrentUser, 'roles'>): boolean {
  return user.roles.includes('ROLE_PARENT') || user.roles.includes('ROLE_INSTITUTION_WORKER');
}
