import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A status spinner; `label` is what a screen reader announces (default: "Loading..."). */
export function LoadingSpinner({ className = 'my-4', label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`d-flex justify-content-center ${className}`}>
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{label ?? t('loading')}</span>
      </Spinner>
    </div>
  );
}
