import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { UserBalance } from '@/lib/transactions/ledger';
import { Amount } from './Amount';

/** A payer's balance split by child (tenants that keep a balance per child): one row a child, the general account
 * last as the server sends it. */
export function BalancePerChildrenTable({ rows, className }: { rows: UserBalance['perChildren']; className?: string }) {
  const { t } = useTranslation('transactions');
  return (
    <Table size="sm" className={className} aria-label={t('perChildren')}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.childId ?? 'general'}>
            <th scope="row" className="fw-normal">
              {row.childName || t('generalAccount')}
            </th>
            <td className="text-end">
              <Amount value={row.balance} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
