import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useSession } from '@/lib/session/session-context';
import { isJwtExpired } from '@/lib/jwt';
import { sessionStore, type TenantLink } from '@/lib/session-store';

interface CallbackFragment {
  token: string;
  tenants: TenantLink[];
}

function parseFragment(hash: string): CallbackFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  if (!token || isJwtExpired(token)) return null;
  let tenants: TenantLink[] = [];
  try {
    const parsed: unknown = JSON.parse(params.get('tenants') ?? '[]');
    if (sessionStore.isTenantList(parsed)) tenants = parsed;
  } catch {
    tenants = [];
  }
  return { token, tenants };
}

/** The sign-in site returns here with #token=...&tenants=...; the fragment never reaches a server log. */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  // Read once: the fragment is removed from the address bar right after.
  const [fragment] = useState(() => parseFragment(window.location.hash));

  useEffect(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  useEffect(() => {
    // The cookie name depends on the demo flag, known once tenant/status answered.
    if (!fragment || !session.ready) return;
    sessionStore.storeTenants(fragment.tenants);
    sessionStore.storeToken(fragment.token);
  }, [fragment, session.ready]);

  if (!fragment) {
    return (
      <Alert variant="danger">
        <p>{t('callback.invalid')}</p>
        <Link to="/auth/login">{t('callback.backToLogin')}</Link>
      </Alert>
    );
  }
  // The login route sends a signed-in user on to the role home.
  return session.token === fragment.token ? <Navigate to="/auth/login" replace /> : <LoadingSpinner />;
}
