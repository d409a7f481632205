import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ComingSoon';
import { areaTitleKey } from './route-table';

export function AreaComingSoon({ area }: { area: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(areaTitleKey(area))} />;
}
