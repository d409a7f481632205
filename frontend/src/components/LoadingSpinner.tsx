import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function LoadingSpinner({ className = 'my-4' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={`d-flex justify-content-center ${className}`}>
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('loading')}</span>
      </Spinner>
    </div>
  );
}
