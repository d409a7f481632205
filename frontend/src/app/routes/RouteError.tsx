import { useEffect } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { isChunkLoadError, reloadForStaleChunk, reloadsForStaleChunk } from '@/lib/stale-chunks';

/**
 * The error element of every route (routes.tsx): what a page that failed to load or to render shows instead of
 * React Router's developer page. It renders where the page would, so the menu around it stays usable, and never
 * shows the error itself (React Router has logged it to the console already).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const staleChunk = isChunkLoadError(error);
  const reloading = staleChunk && reloadsForStaleChunk();

  useEffect(() => {
    if (reloading) reloadForStaleChunk();
  }, [reloading]);

  if (reloading) return <LoadingSpinner label={t('pageLoading')} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Alert variant="danger">
      <Alert.Heading as="h1" className="h4">
        {t('pageError.title')}
      </Alert.Heading>
      <p>{notFound ? t('notFound') : t(staleChunk ? 'pageError.loadFailed' : 'pageError.failed')}</p>
      <div className="d-flex flex-wrap gap-2">
        {/* A reload, not a second render: a lazy page whose code failed keeps failing until the page reloads. */}
        {!notFound && (
          <Button variant="danger" onClick={() => window.location.reload()}>
            {t('retry')}
          </Button>
        )}
        <Link to="/" className="btn btn-outline-secondary">
          {t('pageError.home')}
        </Link>
      </div>
    </Alert>
  );
}

/** The root route's: nothing around it (the layouts failed too), so it keeps the pages' margins itself. */
export function RootRouteError() {
  return (
    <Container className="py-4">
      <RouteError />
    </Container>
  );
}
