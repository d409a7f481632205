import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { storageKeys } from '@/lib/storage';
import { availableVersionQueryOptions } from './get-available-version';

const BUILD_VERSION = __APP_VERSION__;

/**
 * The stored version covers a browser that keeps serving the old bundle from cache after a reload:
 * once the user accepted a version, the banner does not come back for it.
 */
function isCurrent(available: string): boolean {
  return available === BUILD_VERSION || available === window.localStorage.getItem(storageKeys.appVersion);
}

export function VersionBanner() {
  const { t } = useTranslation();
  const { data: available } = useQuery(availableVersionQueryOptions());
  const [dismissed, setDismissed] = useState(false);

  if (!available || dismissed || isCurrent(available)) return null;

  const loadNewVersion = () => {
    window.localStorage.setItem(storageKeys.appVersion, available);
    window.location.reload();
  };

  return (
    <Alert variant="info" className="d-flex align-items-center gap-3 mb-0 rounded-0" role="status">
      <span className="me-auto">{t('version.available')}</span>
      <Button size="sm" variant="primary" onClick={loadNewVersion}>
        {t('version.load')}
      </Button>
      <button type="button" className="btn-close" aria-label={t('close')} onClick={() => setDismissed(true)} />
    </Alert>
  );
}
