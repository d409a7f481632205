import { useTranslation } from 'react-i18next';
import { useConfirmedRemove } from '@/components/crud';
import { kitchens, type Kitchen } from '../api/kitchens';

/**
 * Removing a kitchen also removes which institutions and meal types it prepares (configuration, not history):
 * the confirmation says so before anything is sent.
 */
export function useKitchenRemove(): (kitchen: Kitchen) => Promise<boolean> {
  const { t } = useTranslation(['kitchens', 'common']);
  const remove = useConfirmedRemove(kitchens);
  return (kitchen) => {
    const institutions = kitchen.institutionsMealTypes?.length ?? 0;
    return remove(
      kitchen.id,
      kitchen.name,
      institutions ? t('removeBodyWithAssignments', { name: kitchen.name, count: institutions }) : undefined,
    );
  };
}
