import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Under a provider account's sandbox switch: a tenant left in test mode takes test money from parents. */
export function SandboxWarning({ sandbox }: { sandbox: boolean }) {
  const { t } = useTranslation('settings');
  return sandbox ? (
    <Alert variant="warning" className="py-2">
      {t('sandboxWarning')}
    </Alert>
  ) : null;
}
