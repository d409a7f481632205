import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@/lib/transactions/ledger';

/** Correct and reverse, for staff with transactions.edit; corrections themselves are not corrected again. */
export function TransactionActions({
  row,
  onCorrect,
  onReverse,
}: {
  row: Transaction;
  onCorrect: (row: Transaction) => void;
  onReverse: (row: Transaction) => void;
}) {
  const { t } = useTranslation('transactions');
  if (row.correctsId !== null) return null;
  const reversed = row.effectiveAmount.amount === '0.00';
  return (
    <div className="d-flex gap-1 justify-content-end">
      <Button size="sm" variant="outline-primary" onClick={() => onCorrect(row)} aria-label={t('correctNumber', { id: row.id })}>
        {t('correct')}
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        disabled={reversed}
        onClick={() => onReverse(row)}
        aria-label={t('reverseNumber', { id: row.id })}
      >
        {t('reverse')}
      </Button>
    </div>
  );
}
