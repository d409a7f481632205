import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { abortAllRequests, SESSION_EXPIRED_MESSAGE, setUnauthorizedHandler } from '@/api/client';
import { notify } from '@/components/toasts/toast-store';
import { currentUserQueryOptions, useCurrentUserQuery, type CurrentUser } from '@/lib/session/get-current-user';
import { tenantStatusQueryOptions, useTenantStatus } from '@/lib/session/get-tenant-status';
import { sendLogout } from '@/lib/session/logout';
import { forgetPushSubscription } from '@/lib/webpush/webpush';
import { updateLocale } from '@/lib/session/update-locale';
import { applyLocale, isLocale, translateServerMessage, type Locale } from '@/lib/i18n';
import { sessionStore, useSessionSnapshot } from '@/lib/session-store';
import { removeKey, storageKeys } from '@/lib/storage';
import { SessionContext, type Session } from './session-context';
import { useSessionData } from './use-session-data';

/** Logout reloads tenant settings shortly after, once the aborted requests have settled. */
export const TENANT_STATUS_REFRESH_AFTER_LOGOUT_MS = 250;

export function SessionProvider({ children }: { children: ReactNode }) {
  const snapshot = useSessionSnapshot();
  const tenantStatus = useTenantStatus();
  const isAuthenticated = snapshot.token !== null;
  const userQuery = useCurrentUserQuery(isAuthenticated);
  const user = isAuthenticated ? userQuery.data : undefined;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = useCallback(() => {
    forgetPushSubscription().catch(() => undefined);
    sendLogout();
    abortAllRequests();
    sessionStore.clear();
    queryClient.clear();
    removeKey(storageKeys.balance);
    removeKey(storageKeys.activeOrdersAmount);
    window.setTimeout(() => {
      void queryClient.prefetchQuery(tenantStatusQueryOptions());
    }, TENANT_STATUS_REFRESH_AFTER_LOGOUT_MS);
    void navigate('/auth/login', { replace: true });
  }, [queryClient, navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      logout();
      notify({ type: 'error', message: translateServerMessage(SESSION_EXPIRED_MESSAGE) });
    });
    return () => setUnauthorizedHandler(null);
  }, [logout]);

  const userLocale = user?.locale;
  useEffect(() => {
    // The schema types the locale as a plain string; an unknown one leaves the interface language as it is.
    if (isLocale(userLocale)) applyLocale(userLocale);
  }, [userLocale]);

  const changeLocale = useCallback(
    (locale: Locale) => {
      applyLocale(locale);
      if (!isAuthenticated) return;
      void updateLocale(locale).then(() =>
        queryClient.setQueryData<CurrentUser>(currentUserQueryOptions().queryKey, (current) =>
          current ? { ...current, locale } : current,
        ),
      );
    },
    [isAuthenticated, queryClient],
  );

  useSessionData(user);

  const session = useMemo<Session>(
    () => ({
      ready: snapshot.ready,
      tenantStatus: tenantStatus.data,
      tenantStatusFailed: tenantStatus.isError,
      retryTenantStatus: () => void tenantStatus.refetch(),
      isAuthenticated,
      token: snapshot.token,
      tenants: snapshot.tenants,
      user,
      userFailed: isAuthenticated && userQuery.isError,
      logout,
      changeLocale,
    }),
    [snapshot, tenantStatus, isAuthenticated, user, userQuery.isError, logout, changeLocale],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
