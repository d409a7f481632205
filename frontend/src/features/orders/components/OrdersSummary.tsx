import { Alert, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import type { ListParams } from '@/lib/crud';
import { useOrdersSummary } from '../api/orders-summary';
import { formatDate, formatMoney } from '@/lib/format';

/** The kitchen's view of the list's filters: live meals (active and served) per day and meal type. */
export function OrdersSummary({ filters }: { filters: ListParams }) {
  const { t, i18n } = useTranslation('orders');
  const summary = useOrdersSummary(filters);
  const language = i18n.language;

  if (summary.isError) return <Alert variant="danger">{t('summary.failed')}</Alert>;
  if (!summary.data) return <LoadingSpinner />;
  if (summary.data.length === 0) return <p className="text-body-secondary">{t('summary.empty')}</p>;
  const withAmounts = summary.data.some((row) => row.amount !== null);
  const total = summary.data.reduce((sum, row) => sum + row.count, 0);
  return (
    <div className="table-responsive mb-3">
      <Table size="sm" bordered aria-label={t('summary.title')}>
        <thead>
          <tr>
            <th>{t('fields.date')}</th>
            <th>{t('fields.mealType')}</th>
            <th className="text-end">{t('summary.count')}</th>
            {withAmounts && <th className="text-end">{t('fields.amount')}</th>}
          </tr>
        </thead>
        <tbody>
          {summary.data.map((row) => (
            <tr key={`${row.date}-${row.mealTypeId}`}>
              <td className="text-nowrap">{formatDate(row.date, language)}</td>
              <td>{row.mealTypeName}</td>
              <td className="text-end">{row.count}</td>
              {withAmounts && <td className="text-end text-nowrap">{formatMoney(row.amount, language)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>{t('summary.total')}</th>
            <th className="text-end">{total}</th>
            {withAmounts && <th />}
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}
