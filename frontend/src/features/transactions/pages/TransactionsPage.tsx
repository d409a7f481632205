import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/lib/session/session-context';
import { LedgerTable } from '@/components/transactions/LedgerTable';
import { TransactionCreateModal } from '@/components/transactions/TransactionModals';

/** `/transactions` (staff): every visible transaction, filters, totals, bookings and corrections. */
export function TransactionsPage() {
  const { t } = useTranslation(['transactions', 'routes']);
  const { user } = useSession();
  const canEdit = user?.abilities.includes('transactions.edit') ?? false;
  const [creating, setCreating] = useState(false);
  const title = t('routes:areas.transactions');
  return (
    <section>
      <PageHeader title={title} actions={canEdit ? <Button onClick={() => setCreating(true)}>{t('create')}</Button> : undefined} />
      <LedgerTable label={title} columns={['bookedOn', 'payer', 'child', 'kind', 'description', 'amount', 'balanceAfter', 'author']} editable fiscal />
      {canEdit && <TransactionCreateModal show={creating} onClose={() => setCreating(false)} />}
    </section>
  );
}
