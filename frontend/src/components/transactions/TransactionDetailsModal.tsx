import { Fragment, type ReactNode } from 'react';
import { Alert, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { formatDate, formatDateTime } from '@/lib/format';
import { transactions, type Transaction } from '@/lib/transactions/ledger';
import { Amount } from './Amount';
import { FiscalCell } from './FiscalCell';

/** What the ledger row points at: the order it paid or refunded, a meal of one, the account (registration fee). */
function Reference({ row }: { row: Transaction }) {
  const { t } = useTranslation('transactions');
  if (row.referenceId === null || !row.referenceType) return <>—</>;
  if (row.referenceType === 'order') return <Link to={`/orders/${row.referenceId}`}>{t('reference.order', { id: row.referenceId })}</Link>;
  if (row.referenceType === 'order_item') return <>{t('reference.orderItem', { id: row.referenceId })}</>;
  if (row.referenceType === 'user') return <>{t('reference.user')}</>;
  return <>{`${row.referenceType} #${row.referenceId}`}</>;
}

/** `GET transactions/{id}`: one ledger row in full, read-only (history is never rewritten, only corrected). */
export function TransactionDetailsModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('transactions');
  const detail = transactions.useDetail(id);
  const row = detail.data;
  const language = i18n.language;
  const fields: [string, ReactNode][] = row
    ? [
        [t('fields.bookedOn'), formatDate(row.bookedOn, language)],
        [t('fields.createdAt'), formatDateTime(row.createdAt, language)],
        [t('fields.kind'), t(`kinds.${row.kind}`)],
        [t('fields.payer'), row.user.fullName],
        [t('fields.child'), row.child?.fullName ?? '—'],
        [t('fields.description'), row.description || '—'],
        [t('fields.amount'), <Amount key="amount" value={row.amount} strong />],
        ...(row.effectiveAmount.amount !== row.amount.amount
          ? ([[t('fields.effectiveAmount'), <Amount key="effective" value={row.effectiveAmount} />]] as [string, ReactNode][])
          : []),
        [t('fields.balanceAfter'), <Amount key="balance" value={row.balanceAfter} />],
        [t('fields.author'), row.author?.fullName ?? t('systemAuthor')],
        [t('fields.reference'), <Reference key="reference" row={row} />],
        ...(row.correctsId !== null ? ([[t('fields.corrects'), `#${row.correctsId}`]] as [string, ReactNode][]) : []),
        ...(row.fiscal !== null ? ([[t('fields.fiscal'), <FiscalCell key="fiscal" fiscal={row.fiscal} />]] as [string, ReactNode][]) : []),
      ]
    : [];
  return (
    <Modal show={id !== null} onHide={onClose} aria-labelledby="transaction-details-title">
      <Modal.Header closeButton>
        <Modal.Title id="transaction-details-title" as="h2" className="h5">
          {t('detailsTitle', { id })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail.isError && <Alert variant="danger">{t('detailsFailed')}</Alert>}
        {!row && !detail.isError && <LoadingSpinner />}
        {row && (
          <dl className="row mb-0">
            {fields.map(([label, value]) => (
              <Fragment key={label}>
                <dt className="col-sm-5">{label}</dt>
                <dd className="col-sm-7">{value}</dd>
              </Fragment>
            ))}
          </dl>
        )}
      </Modal.Body>
    </Modal>
  );
}
