import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-context';

/** Whose allergies go: the dialog's sentence names a child or an institution worker. */
export type AllergiesSubject = 'child' | 'worker';

/**
 * The question before saving removes a meal receiver's allergies (issue 30), the same for a child and a worker:
 * resolves true when the user confirms the removal.
 */
export function useConfirmAllergiesRemoval(): (body: ReactNode) => Promise<boolean> {
  const { t } = useTranslation('people');
  const confirm = useConfirm();
  return useCallback(
    (body: ReactNode) =>
      confirm({
        title: t('clearAllergies.title'),
        body,
        confirmLabel: t('clearAllergies.confirm'),
        cancelLabel: t('common:cancel'),
        variant: 'danger',
      }),
    [confirm, t],
  );
}

/** The server's refusal to drop allergies unconfirmed, as the confirmation's body (its texts name them); null for
 * any other error. */
export function allergiesRefusal(error: unknown): ReactNode | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const texts = [...(error.fieldErrors.allergies ?? []), ...(error.fieldErrors.allergiesNote ?? [])];
  if (texts.length === 0) return null;
  return (
    <ul className="mb-0">
      {texts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
