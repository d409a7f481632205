import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useAllowSelfRegistration } from '../api/get-allow-self-registration';

/** Both register routes leave for login when the tenant does not allow self-registration (spec §2). */
export function RegisterPage() {
  const { t } = useTranslation();
  const allowed = useAllowSelfRegistration();
  if (allowed.isPending) return <LoadingSpinner />;
  if (!allowed.data) return <Navigate to="/auth/login" replace />;
  return <ComingSoon title={t('routes:areas.auth_register')} />;
}
