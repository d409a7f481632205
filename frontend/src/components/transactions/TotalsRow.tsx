import { useTranslation } from 'react-i18next';
import type { ListParams } from '@/lib/crud';
import { TRANSACTION_KINDS, useTotals } from '@/lib/transactions/ledger';
import { Amount } from './Amount';

/** The sums of what the list shows (same filters): per kind and in all. */
export function TotalsRow({ params }: { params: ListParams }) {
  const { t } = useTranslation('transactions');
  const totals = useTotals(params);
  if (!totals.data) return null;
  const kinds = TRANSACTION_KINDS.filter((kind) => totals.data.byKind[kind].amount !== '0.00');
  return (
    <dl className="d-flex flex-wrap gap-4 mb-3" aria-label={t('totals')}>
      {kinds.map((kind) => (
        <div key={kind}>
          <dt className="small text-body-secondary">{t(`kinds.${kind}`)}</dt>
          <dd className="mb-0">
            <Amount value={totals.data.byKind[kind]} />
          </dd>
        </div>
      ))}
      <div>
        <dt className="small text-body-secondary">{t('total', { count: totals.data.count })}</dt>
        <dd className="mb-0">
          <Amount value={totals.data.total} strong />
        </dd>
      </div>
    </dl>
  );
}
