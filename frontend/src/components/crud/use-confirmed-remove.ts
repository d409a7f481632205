import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import type { EntityId } from '@/lib/crud';

interface Removable {
  useRemove: () => { mutateAsync: (id: EntityId) => Promise<unknown> };
}

/**
 * The question before any deletion: "Confirm removal", the body, and a red confirm button that says what
 * it does ("Remove"), never a bare OK. Resolves true when the user agrees.
 */
export function useAskRemoval(): (body: ReactNode) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useConfirm();
  return (body) => confirm({ title: t('crud.removeTitle'), body, confirmLabel: t('crud.remove'), variant: 'danger' });
}

/**
 * Deleting always asks first (`body` replaces the default question, e.g. to say how many members a group
 * has). Resolves true when removed; a refusal (409 "in use") is toasted by the query client in the user's
 * language.
 */
export function useConfirmedRemove(resource: Removable): (id: EntityId, name: string, body?: ReactNode) => Promise<boolean> {
  const { t } = useTranslation();
  const ask = useAskRemoval();
  const remove = resource.useRemove();
  return async (id, name, body) => {
    if (!(await ask(body ?? t('crud.removeBody', { name })))) return false;
    try {
      await remove.mutateAsync(id);
    } catch {
      return false;
    }
    notify({ type: 'success', message: t('crud.removed', { name }) });
    return true;
  };
}
