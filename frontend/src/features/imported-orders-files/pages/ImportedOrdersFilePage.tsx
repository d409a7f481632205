import { Badge, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { parseRouteId } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { useConfirm } from '@/components/confirm-context';
import { notify } from '@/components/toasts/toast-store';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { ROW_FILTERS, useConfirmOrdersFile, useImportedOrdersFile, type ImportedOrderRow } from '../api/imported-orders-files';

const STATUS_VARIANT: Record<ImportedOrderRow['status'], string> = {
  ok: 'success',
  problem: 'danger',
  ordered: 'primary',
  failed: 'warning',
};

/** A cell as the file had it: an ISO day in the user's format, anything else (a cell that is not a date) as written. */
const asDate = (cell: string | null | undefined) => (cell && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatDate(cell) : (cell ?? ''));

function Total({ label, value }: { label: string; value: string | number }) {
  return (
    <Col xs={6} md="auto" className="me-md-4">
      <div className="small text-body-secondary">{label}</div>
      <div className="fs-5">{value}</div>
    </Col>
  );
}

/** `/importedOrdersFiles/:id` (admin): the checked report of an orders file, its totals, and confirming it. */
export function ImportedOrdersFilePage() {
  const { t } = useTranslation(['importedOrdersFiles', 'routes']);
  const id = parseRouteId(useParams().importedOrdersFileId) ?? 0;
  const table = useTableState({ filters: ['status'] });
  const details = useImportedOrdersFile(id, table.params);
  const confirmOrders = useConfirmOrdersFile(id);
  const confirm = useConfirm();
  const file = details.data;
  const checked = file?.status === 'checked';
  const rowsQuery = { ...details, data: file?.rows };

  const columns: Column<ImportedOrderRow>[] = [
    { key: 'position', header: t('fields.position'), cell: (row) => row.position, className: 'text-end' },
    {
      key: 'person',
      header: t('fields.person'),
      cell: (row) => (
        <>
          {row.person?.name ?? ([row.cells.firstName, row.cells.lastName].filter(Boolean).join(' ') || row.cells.cardNumber)}
          <div className="small text-body-secondary">
            {[row.cells.cardNumber, row.cells.institution, row.cells.classroom].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      key: 'date',
      header: t('fields.date'),
      cell: (row) => (row.cells.dateTo ? `${asDate(row.cells.date)} – ${asDate(row.cells.dateTo)}` : asDate(row.cells.date)),
      className: 'text-nowrap',
    },
    { key: 'mealType', header: t('fields.mealType'), cell: (row) => row.mealType?.name ?? row.cells.mealType },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (row) => <Badge bg={STATUS_VARIANT[row.status]}>{t(`rowStatus.${row.status}`)}</Badge>,
    },
    {
      key: 'result',
      header: t('fields.result'),
      cell: (row) =>
        row.message ? (
          <span className={row.status === 'failed' ? 'text-warning-emphasis' : 'text-danger'}>{row.message}</span>
        ) : (
          <>
            {t('meals', { count: row.status === 'ordered' ? row.orderedCount : row.itemsCount })} · {formatMoney(row.amount)}
            {row.skippedDays.length > 0 && (
              <div className="small text-body-secondary">{t('skipped', { days: row.skippedDays.map((day) => formatDate(day)).join(', ') })}</div>
            )}
          </>
        ),
    },
  ];

  const confirmAll = async () => {
    if (!file) return;
    const ok = await confirm({
      title: t('confirm.title'),
      body: t('confirm.body', { rows: file.counts.ok, meals: file.counts.toOrder, sum: formatMoney(file.toOrderAmount) }),
      confirmLabel: t('confirm.button'),
    });
    if (!ok) return;
    confirmOrders.mutate(undefined, {
      onSuccess: (result) =>
        notify({ type: 'success', message: t('confirm.done', { rows: result.ordered, meals: result.items, sum: formatMoney(result.total), failed: result.failed }) }),
    });
  };

  if (details.isError && !file) return <QueryError error={details.error} onRetry={() => void details.refetch()} />;
  return (
    <section>
      <PageHeader
        title={file?.name ?? t('routes:areas.importedOrdersFiles')}
        actions={
          checked && file.counts.ok > 0 ? (
            <Button onClick={() => void confirmAll()} disabled={confirmOrders.isPending}>
              {t('confirm.open', { count: file.counts.ok })}
            </Button>
          ) : undefined
        }
      />
      {file && (
        <>
          <p>
            <Badge bg={checked ? 'secondary' : 'success'}>{t(`status.${file.status}`)}</Badge>{' '}
            {t('uploaded', { at: formatDateTime(file.uploadedAt), by: file.uploadedBy?.name ?? '—' })}
            {file.confirmedAt && ` · ${t('confirmed', { at: formatDateTime(file.confirmedAt), by: file.confirmedBy?.name ?? '—' })}`}
            {file.overrideCutoff && ` · ${t('overridesCutoff')}`}
          </p>
          <Row className="mb-3" aria-label={t('totals')} role="group">
            <Total label={t('fields.rows')} value={file.counts.rows} />
            {checked ? (
              <>
                <Total label={t('fields.ok')} value={file.counts.ok} />
                <Total label={t('fields.problems')} value={file.counts.problems} />
                <Total label={t('fields.toOrder')} value={file.counts.toOrder} />
                <Total label={t('fields.amount')} value={formatMoney(file.toOrderAmount)} />
              </>
            ) : (
              <>
                <Total label={t('fields.orderedRows')} value={file.counts.ordered} />
                <Total label={t('fields.failedRows')} value={file.counts.failed} />
                <Total label={t('fields.problems')} value={file.counts.problems} />
                <Total label={t('fields.orderedItems')} value={file.counts.orderedItems} />
                <Total label={t('fields.amount')} value={formatMoney(file.orderedAmount)} />
              </>
            )}
          </Row>
        </>
      )}
      <DataTable
        label={t('rowsLabel')}
        columns={columns}
        query={rowsQuery}
        state={table}
        searchable={false}
        rowClassName={(row) => (row.status === 'problem' || row.status === 'failed' ? 'table-warning' : undefined)}
        filters={
          <FilterSelect
            label={t('fields.status')}
            value={table.filters.status ?? ''}
            options={ROW_FILTERS.map((value) => ({ value, text: t(`filters.${value}`) }))}
            onChange={(value) => table.setFilter('status', value)}
          />
        }
      />
    </section>
  );
}
