import { useTranslation } from 'react-i18next';
import type { ListParams } from '@/lib/crud';
import { useOrdersTotals } from '@/lib/orders/orders';
import { formatMoney } from '@/lib/format';

/** The list's totals for its filters: orders, meals by status and the gross amount (when prices are visible). */
export function OrdersTotals({ params }: { params: ListParams }) {
  const { t, i18n } = useTranslation('orders');
  const totals = useOrdersTotals(params).data;
  if (!totals) return null;
  return (
    <div role="status" aria-label={t('totals.label')} className="d-flex flex-wrap gap-3 mb-2 small text-body-secondary">
      <span>{t('totals.orders', { count: totals.ordersCount })}</span>
      <span>{t('totals.active', { count: totals.items.active })}</span>
      <span>{t('totals.served', { count: totals.items.served })}</span>
      <span>{t('totals.cancelled', { count: totals.items.cancelled })}</span>
      {totals.grossAmount && <strong>{t('totals.amount', { amount: formatMoney(totals.grossAmount, i18n.language) })}</strong>}
    </div>
  );
}
