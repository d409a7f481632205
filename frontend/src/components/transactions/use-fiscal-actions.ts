import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import { useSession } from '@/lib/session/session-context';
import { FISCAL_ABILITY, useBulkFiscalize, useFiscalizationEnabled, useFiscalize, useFiscalizeAll } from '@/lib/transactions/fiscal';
import { transactions, type Transaction } from '@/lib/transactions/ledger';

/** How long, after the office queued deposits, the list is read again for their receipt numbers. */
const POLL_FOR_MS = 90_000;
const POLL_EVERY_MS = 3_000;

/** Whether a row may be (re)sent to the cash register: a deposit without a registered receipt. */
export const canFiscalize = (row: Transaction) => row.kind === 'deposit' && row.fiscal?.state !== 'registered';

/**
 * The fiscal receipts of a transactions list: shown while fiscalization is on; the office (fiscal.manage) sends one
 * deposit, a selection or every pending one to the cash register. The job registers them within moments, so the
 * list is read again every few seconds for a while after a queueing, until no row on screen waits.
 */
export function useFiscalActions(rows: readonly Transaction[] | undefined, wanted: boolean) {
  const { t } = useTranslation('transactions');
  const { user } = useSession();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const enabledQuery = useFiscalizationEnabled();
  const enabled = wanted && enabledQuery.data === true;
  const canManage = enabled && (user?.abilities.includes(FISCAL_ABILITY) ?? false);
  const one = useFiscalize();
  const many = useBulkFiscalize();
  const all = useFiscalizeAll();
  const [pollUntil, setPollUntil] = useState(0);

  const waiting = rows?.some((row) => row.fiscal !== null && row.fiscal.state === 'pending') ?? false;
  useEffect(() => {
    if (!pollUntil || !waiting) return undefined;
    const timer = window.setInterval(() => {
      if (Date.now() > pollUntil) setPollUntil(0);
      else void queryClient.invalidateQueries({ queryKey: [transactions.key] });
    }, POLL_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [pollUntil, waiting, queryClient]);

  const queued = (count: number) => {
    if (count === 0) {
      notify({ type: 'info', message: t('fiscal.nothingPending') });
      return;
    }
    notify({ type: 'success', message: t('fiscal.queued', { count }) });
    setPollUntil(Date.now() + POLL_FOR_MS);
  };

  const fiscalizeOne = async (row: Transaction) => {
    try {
      await one.mutateAsync(row.id);
      queued(1);
    } catch {
      // The query client toasts the server's reason (fiscalization off, not a deposit).
    }
  };

  const fiscalizeMany = async (selected: Transaction[], clear: () => void) => {
    const ok = await confirm({
      title: t('fiscal.fiscalizeSelectedTitle'),
      body: t('fiscal.fiscalizeSelectedBody', { count: selected.length }),
      confirmLabel: t('fiscal.fiscalize'),
    });
    if (!ok) return;
    try {
      const result = await many.mutateAsync(selected.map((row) => row.id));
      clear();
      if (result.queued.length) queued(result.queued.length);
      for (const refusal of result.refused) notify({ type: 'error', message: `#${refusal.id}: ${refusal.message}` });
    } catch {
      // The query client toasts the server's reason.
    }
  };

  const fiscalizeAll = async () => {
    const ok = await confirm({ title: t('fiscal.fiscalizeAllTitle'), body: t('fiscal.fiscalizeAllBody'), confirmLabel: t('fiscal.fiscalize') });
    if (!ok) return;
    try {
      queued((await all.mutateAsync()).queued);
    } catch {
      // The query client toasts the server's reason.
    }
  };

  return { enabled, canManage, fiscalizeOne, fiscalizeMany, fiscalizeAll };
}
