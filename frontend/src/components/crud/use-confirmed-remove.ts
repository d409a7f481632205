import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import type { EntityId } from '@/lib/crud';

interface Removable {
  useRemove: () => { mutateAsync: (id: EntityId) => Promise<unknown> };
}

/**
 * Deleting always asks first. Resolves true when removed; a refusal (409 "in use") is toasted by the
 * query client in the user's language.
 */
export function useConfirmedRemove(resource: Removable): (id: EntityId, name: string) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = resource.useRemove();
  return async (id, name) => {
    const confirmed = await confirm({
      title: t('crud.removeTitle'),
      body: t('crud.removeBody', { name }),
      variant: 'danger',
    });
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(id);
    } catch {
      return false;
    }
    notify({ type: 'success', message: t('crud.removed', { name }) });
    return true;
  };
}
