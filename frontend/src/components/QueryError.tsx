import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A failed read: the server's message and a retry button (lists, cards and forms that load their data). */
export function QueryError({ error, onRetry, className = 'my-2' }: { error: Error | null; onRetry: () => unknown; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className={`${className} d-flex align-items-center justify-content-between gap-2`}>
      <span style={{ whiteSpace: 'pre-line' }}>{error?.message}</span>
      <Button variant="outline-danger" size="sm" onClick={() => void onRetry()}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
