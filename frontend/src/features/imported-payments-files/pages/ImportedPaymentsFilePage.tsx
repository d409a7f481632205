import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseRouteId } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import { formatDate, formatMoney } from '@/lib/format';
import {
  ITEM_FILTERS,
  useAssignItem,
  useConfirmStatement,
  useImportedPaymentsFile,
  type ImportedPayment,
} from '../api/imported-payments-files';
import { PayerPicker } from '../components/PayerPicker';

const KIND_VARIANT: Record<ImportedPayment['matchKind'], string> = {
  account: 'success',
  title: 'success',
  manual: 'primary',
  suggested: 'warning',
  none: 'danger',
  already_imported: 'secondary',
  skipped: 'light',
};
const ASSIGNABLE = new Set<ImportedPayment['matchKind']>(['account', 'title', 'manual', 'suggested', 'none']);

/** `/importedPaymentsFiles/:id` (admin): a statement's lines, what each was matched to, changing a match, confirming. */
export function ImportedPaymentsFilePage() {
  const { t } = useTranslation(['importedPaymentsFiles', 'routes']);
  const id = parseRouteId(useParams().importedPaymentsFileId) ?? 0;
  const table = useTableState({ filters: ['kind'] });
  const details = useImportedPaymentsFile(id, table.params);
  const assign = useAssignItem(id);
  const confirmBooking = useConfirmStatement(id);
  const confirm = useConfirm();
  const [picking, setPicking] = useState<ImportedPayment | null>(null);
  const file = details.data;
  const draft = file?.status === 'draft';
  const itemsQuery = { ...details, data: file?.items };

  const columns: Column<ImportedPayment>[] = [
    { key: 'bookedOn', header: t('fields.bookedOn'), cell: (row) => formatDate(row.bookedOn), className: 'text-nowrap' },
    { key: 'amount', header: t('fields.amount'), cell: (row) => formatMoney(row.amount), className: 'text-end text-nowrap' },
    {
      key: 'sender',
      header: t('fields.sender'),
      cell: (row) => (
        <>
          {row.senderName}
          {row.senderAccount && <div className="small text-body-secondary">{row.senderAccount}</div>}
        </>
      ),
    },
    {
      key: 'title',
      header: t('fields.title'),
      cell: (row) => (
        <>
          {row.title}
          {row.counterAccount && <div className="small text-body-secondary">{t('fields.counterAccount', { account: row.counterAccount })}</div>}
        </>
      ),
    },
    {
      key: 'match',
      header: t('fields.match'),
      cell: (row) => (
        <>
          <Badge bg={KIND_VARIANT[row.matchKind]} text={row.matchKind === 'skipped' ? 'dark' : undefined}>
            {t(`kinds.${row.matchKind}`)}
            {row.skipReason && ` (${t(`skipReasons.${row.skipReason}`)})`}
          </Badge>
          {row.possiblyImported && (
            <div className="small text-warning-emphasis mt-1">
              <Badge bg="warning" text="dark">
                {t('possiblyImported.badge')}
              </Badge>{' '}
              {t('possiblyImported.hint')}
            </div>
          )}
        </>
      ),
    },
    {
      key: 'payer',
      header: t('fields.payer'),
      cell: (row) => (
        <>
          {row.user?.name}
          {row.child && <div className="small text-body-secondary">{row.child.name}</div>}
          {row.booked && <div className="small text-success">{t('fields.bookedMark')}</div>}
        </>
      ),
    },
  ];

  const confirmAll = async () => {
    if (!file) return;
    const ok = await confirm({
      title: t('confirm.title'),
      body: t('confirm.body', { count: file.counts.toBook, sum: formatMoney(file.toBookSum) }),
      confirmLabel: t('confirm.button'),
    });
    if (!ok) return;
    confirmBooking.mutate(undefined, {
      onSuccess: (result) => notify({ type: 'success', message: t('confirm.done', { count: result.count, sum: formatMoney(result.total) }) }),
    });
  };

  if (details.isError && !file) return <QueryError error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <section>
      <PageHeader
        title={file?.name ?? t('routes:areas.importedPaymentsFiles')}
        actions={
          draft ? (
            <Button onClick={() => void confirmAll()} disabled={confirmBooking.isPending}>
              {t('confirm.open', { count: file.counts.toBook, sum: formatMoney(file.toBookSum) })}
            </Button>
          ) : undefined
        }
      />
      {file && (
        <p>
          <Badge bg={draft ? 'secondary' : 'success'}>{t(`status.${file.status}`)}</Badge>{' '}
          {t('summary', { items: file.counts.items, booked: file.counts.booked, sum: formatMoney(file.bookedSum) })}
        </p>
      )}
      <DataTable
        label={t('itemsLabel')}
        columns={columns}
        query={itemsQuery}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.match')}
            value={table.filters.kind ?? ''}
            options={ITEM_FILTERS.map((kind) => ({ value: kind, text: t(`filters.${kind}`) }))}
            onChange={(value) => table.setFilter('kind', value)}
          />
        }
        rowActions={(row) =>
          draft && ASSIGNABLE.has(row.matchKind) ? (
            <Button size="sm" variant="outline-primary" onClick={() => setPicking(row)} aria-label={t('assign.buttonFor', { name: row.senderName })}>
              {t('assign.button')}
            </Button>
          ) : null
        }
      />
      <PayerPicker
        key={picking?.id ?? 0}
        item={picking}
        pending={assign.isPending}
        onClose={() => setPicking(null)}
        onPick={(userId, childId) => picking && assign.mutate({ itemId: picking.id, userId, childId }, { onSuccess: () => setPicking(null) })}
      />
    </section>
  );
}
