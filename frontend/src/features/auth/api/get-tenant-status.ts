import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import { sessionStore } from '@/lib/session-store';

export interface TenantStatus {
  tenant: { slug: string; name: string; demo: boolean; defaultLocale: string };
  loginUrl: string | null;
  /** Non-null only when self-registration is on. */
  data: null | { registerAs: 'parent' | 'institution_worker' | 'both' };
}

export async function getTenantStatus(): Promise<TenantStatus> {
  const status = expectOk(await api.get<TenantStatus>('tenant/status'));
  // The token cookie's name depends on the demo flag, so the session can only be read after this answer.
  sessionStore.setDemoTenant(status.tenant.demo);
  return status;
}

export const tenantStatusQueryOptions = () =>
  queryOptions({ queryKey: ['tenant', 'status'], queryFn: getTenantStatus });

export const useTenantStatus = () => useQuery(tenantStatusQueryOptions());
