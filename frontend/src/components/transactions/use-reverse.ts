import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import { formatMoney } from '@/lib/format';
import { transactions, type Transaction } from '@/lib/transactions/ledger';

/** Manual "delete": after a confirmation, a correction cancelling what remains of the transaction. */
export function useReverseTransaction() {
  const { t } = useTranslation('transactions');
  const confirm = useConfirm();
  const remove = transactions.useRemove();
  return async (row: Transaction) => {
    const ok = await confirm({
      title: t('reverseTitle'),
      body: t('reverseBody', { id: row.id, amount: formatMoney(row.effectiveAmount), payer: row.user.fullName }),
      confirmLabel: t('reverse'),
      variant: 'danger',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      notify({ type: 'success', message: t('reversed') });
    } catch {
      // The query client toasts the server's reason (already reversed: 409).
    }
  };
}
