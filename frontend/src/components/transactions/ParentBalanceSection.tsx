import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { useSession } from '@/lib/session/session-context';
import { useUserBalance } from '@/lib/transactions/ledger';
import { Amount } from './Amount';
import { BalancePerChildrenTable } from './BalancePerChildrenTable';
import { LedgerTable } from './LedgerTable';
import { payerHistoryColumns } from './transaction-columns';
import { TransactionCreateModal } from './TransactionModals';

/** "Balance and transactions" of one parent (their details page): balance, per-child split, history, bookings. */
export function ParentBalanceSection({ parentId }: { parentId: number }) {
  const { t } = useTranslation('transactions');
  const { user } = useSession();
  const balance = useUserBalance(parentId);
  const canEdit = user?.abilities.includes('transactions.edit') ?? false;
  const [creating, setCreating] = useState(false);
  const title = t('sectionTitle');
  return (
    <Card as="section" className="mb-4" aria-label={title}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h5 mb-0">{title}</h2>
        {canEdit && (
          <Button size="sm" onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        {balance.isPending && <LoadingSpinner className="my-2" />}
        {balance.isError && !balance.data && <QueryError error={balance.error} onRetry={balance.refetch} />}
        {balance.data && (
          <>
            <p className="fs-5">
              {t('balance')}: <Amount value={balance.data.balance} strong />
            </p>
            {balance.data.balancePerChildren && <BalancePerChildrenTable rows={balance.data.perChildren} className="w-auto" />}
          </>
        )}
        <LedgerTable label={t('history')} columns={payerHistoryColumns(balance.data?.balancePerChildren ?? false)} fixed={{ userId: parentId }} editable fiscal />
      </Card.Body>
      {canEdit && <TransactionCreateModal show={creating} onClose={() => setCreating(false)} userId={parentId} />}
    </Card>
  );
}
