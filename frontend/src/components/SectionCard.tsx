import type { ReactNode } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { LoadingSpinner } from './LoadingSpinner';
import { QueryError } from './QueryError';

/** A titled card holding one form or block of a page (profile sections, settings sections). */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What a page shows for a record that does not exist (or not for this user): say so, and offer the way back. */
function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert variant="secondary" className="d-flex align-items-center justify-content-between gap-2">
      <span>{t('notFound')}</span>
      <Button variant="outline-secondary" size="sm" onClick={() => void navigate(-1)}>
        {t('goBack')}
      </Button>
    </Alert>
  );
}

/** A spinner while `query` loads; when it fails, "not found" with the way back (404) or the error with a retry;
 * otherwise what `children` renders. */
export function QueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return <QueryError error={query.error} onRetry={query.refetch} />;
  }
  return <>{children()}</>;
}
