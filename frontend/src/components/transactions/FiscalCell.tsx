import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { FiscalState } from '@/lib/transactions/ledger';

const FISCAL_VARIANT: Record<FiscalState['state'], string> = { pending: 'secondary', registered: 'success', failed: 'danger' };

/** A deposit's fiscal receipt: its number once registered, else its state (and why it failed). */
export function FiscalCell({ fiscal }: { fiscal: FiscalState | null }) {
  const { t } = useTranslation('transactions');
  if (fiscal === null) return null;
  if (fiscal.state === 'registered') return <span className="text-nowrap">{fiscal.receiptNumber}</span>;
  return (
    <>
      <Badge bg={FISCAL_VARIANT[fiscal.state]}>{t(`transactions:fiscal.states.${fiscal.state}`)}</Badge>
      {fiscal.state === 'failed' && (
        <div className="small text-danger">
          {fiscal.lastError} ({t('transactions:fiscal.attempts', { count: fiscal.attempts })})
        </div>
      )}
    </>
  );
}
