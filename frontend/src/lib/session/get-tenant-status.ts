import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { sessionStore } from '@/lib/session-store';

/** `data` is non-null only when self-registration is on. */
export type TenantStatus = components['schemas']['TenantStatus'];

export async function getTenantStatus(): Promise<TenantStatus> {
  const status = expectOk(await api.get<TenantStatus>('tenant/status'));
  // The token cookie's name depends on the demo flag, so the session can only be read after this answer.
  sessionStore.setDemoTenant(status.tenant.demo);
  return status;
}

export const tenantStatusQueryOptions = () =>
  queryOptions({ queryKey: ['tenant', 'status'], queryFn: getTenantStatus });

export const useTenantStatus = () => useQuery(tenantStatusQueryOptions());
