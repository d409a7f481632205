import { useState } from 'react';
import { Alert, Button, ButtonGroup, Dropdown, Form } from 'react-bootstrap';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { Amount } from '@/components/transactions';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { useUserBalance } from '@/lib/transactions/ledger';
import {
  BANK_FILE_FORMATS,
  RETURN_REQUEST_STATES,
  downloadBankFile,
  useBulkAcceptReturnRequests,
  useCancelReturnRequest,
  useMarkReturnRequestsPaid,
  useReturnRequests,
  type BankFileFormat,
  type ReturnRequest,
} from '../api/return-requests';
import { AcceptModal } from '../components/AcceptModal';
import { RequestRefundForm } from '../components/RequestRefundForm';
import { formatNrb } from '../components/nrb-format';
import { StateBadge } from '../components/state';

type Key = 'createdAt' | 'requester' | 'bankAccountNumber' | 'amount' | 'acceptedAmount' | 'state' | 'reason';

function columns(t: TFunction<'returnRequests'>, keys: readonly Key[]): Column<ReturnRequest>[] {
  const all: Record<Key, Column<ReturnRequest>> = {
    createdAt: { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => formatDateTime(row.createdAt) },
    requester: { key: 'requester', header: t('fields.requester'), cell: (row) => row.requester.fullName },
    bankAccountNumber: {
      key: 'bankAccountNumber',
      header: t('fields.bankAccountNumber'),
      cell: (row) => <span className="font-monospace text-nowrap">{formatNrb(row.bankAccountNumber)}</span>,
    },
    amount: { key: 'amount', header: t('fields.amount'), cell: (row) => <Amount value={row.amount} /> },
    acceptedAmount: {
      key: 'acceptedAmount',
      header: t('fields.acceptedAmount'),
      cell: (row) => (row.acceptedAmount ? <Amount value={row.acceptedAmount} /> : '—'),
    },
    state: { key: 'state', header: t('fields.state'), cell: (row) => <StateBadge state={row.state} /> },
    reason: { key: 'reason', header: t('fields.reason'), cell: (row) => row.reason },
  };
  return keys.map((key) => all[key]);
}

function useCancel() {
  const { t } = useTranslation('returnRequests');
  const confirm = useConfirm();
  const cancel = useCancelReturnRequest();
  return async (row: ReturnRequest) => {
    if (!(await confirm({ title: t('cancelTitle'), body: t('cancelBody', { amount: row.amount.amount }), variant: 'danger', confirmLabel: t('cancel') }))) return;
    try {
      await cancel.mutateAsync(row.id);
      notify({ type: 'success', message: t('cancelled') });
    } catch (error) {
      notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
}

/** A parent's or worker's refunds: the request form (while none is pending) and their requests with their states. */
function PayerRequests({ userId, isParent, profileAccount }: { userId: number; isParent: boolean; profileAccount: string | null }) {
  const { t } = useTranslation(['returnRequests', 'routes']);
  const table = useTableState();
  const list = useReturnRequests(table.params);
  const balance = useUserBalance(userId);
  const pending = useReturnRequests({ state: 'pending', perPage: 1 });
  const cancel = useCancel();
  const [childId, setChildId] = useState<number | null>(null);
  const title = t('routes:areas.returnRequests');
  const hasPending = (pending.data?.total ?? 0) > 0;
  // Balances kept per child: a refund comes out of one of them (the payer's own account is the row without a child).
  const accounts = balance.data?.balancePerChildren ? balance.data.perChildren : null;
  const refunded = accounts ? (accounts.find((account) => account.childId === childId)?.balance ?? null) : (balance.data?.balance ?? null);
  return (
    <section>
      <PageHeader title={title} />
      {(balance.isPending || pending.isPending) && <LoadingSpinner className="my-2" />}
      {hasPending && (
        <Alert variant="info" role="status">
          {t('returnRequests:pendingNotice')}
        </Alert>
      )}
      {accounts && pending.data && !hasPending && (
        <Form.Group className="mb-3" controlId="refund-account" style={{ maxWidth: '24rem' }}>
          <Form.Label>{t('returnRequests:fields.account')}</Form.Label>
          <Form.Select value={childId ?? ''} onChange={(event) => setChildId(event.target.value === '' ? null : Number(event.target.value))}>
            {accounts.map((account) => (
              <option key={account.childId ?? ''} value={account.childId ?? ''}>
                {account.childName || t('returnRequests:ownAccount')}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      {refunded && pending.data && !hasPending && (
        <RequestRefundForm key={childId ?? ''} balance={refunded} profileAccount={profileAccount} isParent={isParent} childId={childId} />
      )}
      <DataTable
        label={t('returnRequests:mine')}
        columns={columns(t, ['createdAt', 'amount', 'acceptedAmount', 'bankAccountNumber', 'reason', 'state'])}
        query={list}
        state={table}
        searchable={false}
        rowActions={(row) =>
          row.state === 'pending' ? (
            <Button size="sm" variant="outline-danger" onClick={() => void cancel(row)}>
              {t('returnRequests:cancel')}
            </Button>
          ) : null
        }
      />
    </section>
  );
}

/** The office: every request, filtered by state and the day asked; accept (one with an amount, many at their asked
 * amounts), cancel, and the accepted ones as a bank file. */
function OfficeRequests() {
  const { t } = useTranslation(['returnRequests', 'routes']);
  const table = useTableState({ filters: ['state', 'dateFrom', 'dateTo'] });
  const list = useReturnRequests(table.params);
  const bulkAccept = useBulkAcceptReturnRequests();
  const markPaid = useMarkReturnRequestsPaid();
  const cancel = useCancel();
  const [accepting, setAccepting] = useState<ReturnRequest | null>(null);
  const title = t('routes:areas.returnRequests');
  const exportFile = (format: BankFileFormat) =>
    void downloadBankFile(format).catch((error: unknown) => notify({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
  /** A bulk command's outcome: how many it applied to, and each refusal by the requester's name. */
  const runBulk = async (rows: ReturnRequest[], clear: () => void, run: (ids: number[]) => Promise<{ done: number; refused: { id: number; message: string }[] }>, done: string) => {
    try {
      const result = await run(rows.map((row) => row.id));
      clear();
      if (result.done) notify({ type: 'success', message: t(done, { count: result.done }) });
      for (const refusal of result.refused) {
        const name = rows.find((row) => row.id === refusal.id)?.requester.fullName ?? `#${refusal.id}`;
        notify({ type: 'error', message: `${name}: ${refusal.message}` });
      }
    } catch (error) {
      notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const acceptMany = (rows: ReturnRequest[], clear: () => void) =>
    runBulk(rows, clear, async (ids) => { const result = await bulkAccept.mutateAsync(ids); return { done: result.accepted.length, refused: result.refused }; }, 'returnRequests:bulkAccepted');
  const markManyPaid = (rows: ReturnRequest[], clear: () => void) =>
    runBulk(rows, clear, async (ids) => { const result = await markPaid.mutateAsync(ids); return { done: result.marked.length, refused: result.refused }; }, 'returnRequests:markedPaid');
  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Dropdown as={ButtonGroup}>
            <Dropdown.Toggle variant="outline-secondary">{t('returnRequests:export')}</Dropdown.Toggle>
            <Dropdown.Menu>
              {BANK_FILE_FORMATS.map((format) => (
                <Dropdown.Item key={format} as="button" onClick={() => exportFile(format)}>
                  {t(`returnRequests:formats.${format}`)}
                </Dropdown.Item>
              ))}
            </Dropdown.Menu>
          </Dropdown>
        }
      />
      <DataTable
        label={title}
        columns={columns(t, ['createdAt', 'requester', 'bankAccountNumber', 'amount', 'acceptedAmount', 'reason', 'state'])}
        query={list}
        state={table}
        searchable={false}
        filters={
          <>
            <FilterSelect
              label={t('returnRequests:fields.state')}
              value={table.filters.state ?? ''}
              options={RETURN_REQUEST_STATES.map((state) => ({ value: state, text: t(`returnRequests:states.${state}`) }))}
              onChange={(value) => table.setFilter('state', value)}
            />
            <FilterDate label={t('returnRequests:fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <FilterDate label={t('returnRequests:fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
          </>
        }
        rowActions={(row) =>
          row.state === 'pending' ? (
            <span className="d-inline-flex gap-1">
              <Button size="sm" onClick={() => setAccepting(row)} aria-label={t('returnRequests:acceptFor', { name: row.requester.fullName })}>
                {t('returnRequests:accept')}
              </Button>
              <Button size="sm" variant="outline-danger" onClick={() => void cancel(row)} aria-label={t('returnRequests:cancelFor', { name: row.requester.fullName })}>
                {t('returnRequests:cancel')}
              </Button>
            </span>
          ) : null
        }
        bulkActions={(selected, clear) => (
          <span className="d-inline-flex gap-1">
            <Button size="sm" disabled={bulkAccept.isPending || !selected.some((row) => row.state === 'pending')} onClick={() => void acceptMany(selected.filter((row) => row.state === 'pending'), clear)}>
              {t('returnRequests:acceptSelected')}
            </Button>
            <Button size="sm" variant="outline-success" disabled={markPaid.isPending || !selected.some((row) => row.state === 'accepted')} onClick={() => void markManyPaid(selected.filter((row) => row.state === 'accepted'), clear)}>
              {t('returnRequests:markPaid')}
            </Button>
          </span>
        )}
      />
      <AcceptModal row={accepting} onClose={() => setAccepting(null)} />
    </section>
  );
}

/** `/returnRequests`: the office (refunds.manage) handles every request; parents and workers ask for their own. */
export function ReturnRequestsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.abilities.includes('refunds.manage')) return <OfficeRequests />;
  return <PayerRequests userId={user.id} isParent={user.roles.includes('ROLE_PARENT')} profileAccount={user.bankAccountNumber ?? null} />;
}
