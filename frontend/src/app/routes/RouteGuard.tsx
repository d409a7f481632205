import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useSession } from '@/lib/session/session-context';
import { canOpen, roleHome, type RouteDef } from './route-table';

const LOGIN_PATH = '/auth/login';

function TenantUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="m-4">
      <p>{t('tenantUnavailable')}</p>
      <Button variant="outline-danger" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

/** Spec §2 Route guard: sign-in for role routes, role home for a missing role or a signed-in visit to login. */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useSession();
  const redirectsSignedIn = route.name === 'auth.login';

  // Public pages render at once; the landing page shows its own spinner while the tenant loads.
  if (route.roles === null && !(redirectsSignedIn && session.isAuthenticated)) return children;
  if (!session.ready) {
    return session.tenantStatusFailed ? <TenantUnavailable onRetry={session.retryTenantStatus} /> : <LoadingSpinner />;
  }
  if (!session.isAuthenticated) return <Navigate to={LOGIN_PATH} replace />;
  if (!session.user) {
    // Without the user the roles are unknown; the query's error toast explains a failure.
    return session.userFailed ? <TenantUnavailable onRetry={session.logout} /> : <LoadingSpinner />;
  }
  if (redirectsSignedIn || !canOpen(route.roles, session.user.roles)) {
    return <Navigate to={roleHome(session.user.roles)} replace />;
  }
  return children;
}
