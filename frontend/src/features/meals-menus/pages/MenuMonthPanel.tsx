import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useMonthData } from '../api/meals-menus';
import { MenuMonthView } from '../components/MenuMonthView';

/** Loads and shows one month of a menu for reading. */
export function MenuMonthPanel({ menuId, month, label }: { menuId: number; month: string; label: string }) {
  const { t } = useTranslation('mealsMenus');
  const data = useMonthData(menuId, month);
  if (data.isPending) return <LoadingSpinner />;
  if (data.isError)
    return (
      <Alert variant="danger">
        {data.error.message}{' '}
        <Alert.Link as="button" onClick={() => void data.refetch()}>
          {t('common:retry')}
        </Alert.Link>
      </Alert>
    );
  return <MenuMonthView data={data.data} label={label} />;
}
