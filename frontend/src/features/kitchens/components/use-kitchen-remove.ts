import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import { kitchens, type Kitchen } from '../api/kitchens';

/**
 * Removing a kitchen also removes which institutions and meal types it prepares (configuration, not history):
 * the confirmation says so before anything is sent.
 */
export function useKitchenRemove(): (kitchen: Kitchen) => Promise<boolean> {
  const { t } = useTranslation(['kitchens', 'common']);
  const confirm = useConfirm();
  const remove = kitchens.useRemove();
  return async (kitchen) => {
    const institutions = kitchen.institutionsMealTypes?.length ?? 0;
    const confirmed = await confirm({
      title: t('common:crud.removeTitle'),
      body: institutions
        ? t('removeBodyWithAssignments', { name: kitchen.name, count: institutions })
        : t('common:crud.removeBody', { name: kitchen.name }),
      variant: 'danger',
    });
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(kitchen.id);
    } catch {
      return false;
    }
    notify({ type: 'success', message: t('common:crud.removed', { name: kitchen.name }) });
    return true;
  };
}
