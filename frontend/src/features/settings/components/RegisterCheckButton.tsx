import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import { translateServerMessage } from '@/lib/i18n';
import { useRegisterCheck } from '@/lib/transactions/fiscal';
import type { FormValues } from './SettingsSection';

/**
 * "Check the cash register": asks the server whether the register chosen in the form (saved or not) answers,
 * without registering anything. Its reason for not answering goes under the printer's address.
 */
export function RegisterCheckButton({
  values,
  setFieldError,
  clearFieldError,
}: {
  values: Partial<FormValues>;
  setFieldError: (field: string, message: string) => void;
  clearFieldError: (field: string) => void;
}) {
  const { t } = useTranslation('settings');
  const check = useRegisterCheck();
  const register = String(values.register ?? 'fake');

  const onClick = () =>
    check.mutate(
      { register: register === 'novitus' ? 'novitus' : 'fake', registerUrl: String(values.registerUrl ?? '').trim() },
      {
        onSuccess: () => {
          clearFieldError('registerUrl');
          notify({ type: 'success', message: t('registerCheck.answered') });
        },
        onError: (error) => {
          const reason = error instanceof ApiError ? error.fieldErrors.registerUrl?.map(translateServerMessage).join(' ') : undefined;
          if (reason) setFieldError('registerUrl', reason);
          else if (!(error instanceof ApiError && error.handled)) notify({ type: 'error', message: translateServerMessage(error.message) });
        },
      },
    );

  return (
    <FormActionButton type="button" variant="outline-secondary" pending={check.isPending} onClick={onClick}>
      {t('registerCheck.button')}
    </FormActionButton>
  );
}
