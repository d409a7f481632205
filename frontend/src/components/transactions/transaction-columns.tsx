import type { TFunction } from 'i18next';
import { Badge } from 'react-bootstrap';
import type { Column } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import type { Transaction } from '@/lib/transactions/ledger';
import { Amount } from './Amount';
import { FiscalCell } from './FiscalCell';

export type TransactionColumn = 'bookedOn' | 'payer' | 'child' | 'kind' | 'description' | 'amount' | 'balanceAfter' | 'author' | 'fiscal';

const KIND_VARIANT: Record<Transaction['kind'], string> = {
  deposit: 'success',
  refund: 'info',
  charge: 'secondary',
  fee: 'warning',
  payout: 'dark',
  correction: 'primary',
};

/** One payer's history: the child column only where balances are kept per child (elsewhere it stays empty). */
export function payerHistoryColumns(perChildren: boolean): TransactionColumn[] {
  return ['bookedOn', ...(perChildren ? (['child'] as const) : []), 'kind', 'description', 'amount', 'balanceAfter'];
}

/** The columns every ledger list shares; each page picks the ones it needs. `settleFiscal`: the office (fiscal.manage)
 * may settle a failed receipt from its cell. */
export function transactionColumns(t: TFunction, pick: readonly TransactionColumn[], { settleFiscal = false } = {}): Column<Transaction>[] {
  const all: Record<TransactionColumn, Column<Transaction>> = {
    bookedOn: {
      key: 'bookedOn',
      header: t('transactions:fields.bookedOn'),
      sortKey: 'bookedOn',
      cell: (row) => formatDate(row.bookedOn),
      className: 'text-nowrap',
    },
    payer: { key: 'payer', header: t('transactions:fields.payer'), cell: (row) => row.user.fullName },
    child: { key: 'child', header: t('transactions:fields.child'), cell: (row) => row.child?.fullName ?? '' },
    kind: {
      key: 'kind',
      header: t('transactions:fields.kind'),
      sortKey: 'kind',
      cell: (row) => <Badge bg={KIND_VARIANT[row.kind]}>{t(`transactions:kinds.${row.kind}`)}</Badge>,
    },
    description: {
      key: 'description',
      header: t('transactions:fields.description'),
      cell: (row) => (
        <>
          {row.description}
          {row.correctsId !== null && (
            <div className="small text-body-secondary">{t('transactions:correctsNumber', { id: row.correctsId })}</div>
          )}
        </>
      ),
    },
    amount: {
      key: 'amount',
      header: t('transactions:fields.amount'),
      sortKey: 'amount',
      className: 'text-end',
      cell: (row) => (
        <>
          <Amount value={row.amount} />
          {row.effectiveAmount.amount !== row.amount.amount && (
            <div className="small text-body-secondary">
              {t('transactions:afterCorrections')} <Amount value={row.effectiveAmount} />
            </div>
          )}
        </>
      ),
    },
    balanceAfter: {
      key: 'balanceAfter',
      header: t('transactions:fields.balanceAfter'),
      className: 'text-end',
      cell: (row) => <Amount value={row.balanceAfter} />,
    },
    author: {
      key: 'author',
      header: t('transactions:fields.author'),
      cell: (row) => row.author?.fullName ?? <span className="text-body-secondary">{t('transactions:systemAuthor')}</span>,
    },
    fiscal: {
      key: 'fiscal',
      header: t('transactions:fields.fiscal'),
      cell: (row) => <FiscalCell fiscal={row.fiscal} transactionId={row.id} canSettle={settleFiscal} />,
    },
  };
  return pick.map((name) => all[name]);
}
