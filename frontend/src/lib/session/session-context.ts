import { createContext, useContext } from 'react';
import type { CurrentUser } from '@/lib/session/get-current-user';
import type { TenantStatus } from '@/lib/session/get-tenant-status';
import type { Locale } from '@/lib/i18n';
import type { TenantLink } from '@/lib/session-store';

export interface Session {
  /** The tenant told us which cookie holds the token; before that nobody is known to be signed in. */
  ready: boolean;
  tenantStatus: TenantStatus | undefined;
  tenantStatusFailed: boolean;
  retryTenantStatus: () => void;
  isAuthenticated: boolean;
  token: string | null;
  tenants: TenantLink[];
  user: CurrentUser | undefined;
  userFailed: boolean;
  logout: () => void;
  changeLocale: (locale: Locale) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
