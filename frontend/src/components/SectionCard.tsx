import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { LoadingSpinner } from './LoadingSpinner';

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
}

/** A spinner while `query` loads, its error when it fails, otherwise what `children` renders. */
export function QueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <p className="text-danger mb-0">{query.error?.message}</p>;
  return <>{children()}</>;
}
