import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useImportedOrdersFiles, type ImportedOrdersFile } from '../api/imported-orders-files';
import { UploadOrdersFileModal } from '../components/UploadOrdersFileModal';

/** `/importedOrdersFiles` (admin): the uploaded orders files with their state and counts; uploading a new one. */
export function ImportedOrdersFilesPage() {
  const { t } = useTranslation(['importedOrdersFiles', 'routes']);
  const table = useTableState();
  const list = useImportedOrdersFiles(table.params);
  const [uploading, setUploading] = useState(false);
  const title = t('routes:areas.importedOrdersFiles');
  const columns: Column<ImportedOrdersFile>[] = [
    { key: 'uploadedAt', header: t('fields.uploadedAt'), cell: (row) => formatDateTime(row.uploadedAt), className: 'text-nowrap' },
    { key: 'uploadedBy', header: t('fields.uploadedBy'), cell: (row) => row.uploadedBy?.name ?? '' },
    { key: 'name', header: t('fields.name'), cell: (row) => <Link to={`/importedOrdersFiles/${row.id}`}>{row.name}</Link> },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (row) => <Badge bg={row.status === 'confirmed' ? 'success' : 'secondary'}>{t(`status.${row.status}`)}</Badge>,
    },
    { key: 'rows', header: t('fields.rows'), cell: (row) => row.counts.rows, className: 'text-end' },
    { key: 'ok', header: t('fields.ok'), cell: (row) => row.counts.ok + row.counts.ordered, className: 'text-end' },
    { key: 'problems', header: t('fields.problems'), cell: (row) => row.counts.problems + row.counts.failed, className: 'text-end' },
    {
      key: 'amount',
      header: t('fields.amount'),
      cell: (row) =>
        row.status === 'confirmed'
          ? `${t('meals', { count: row.counts.orderedItems })} · ${formatMoney(row.orderedAmount)}`
          : `${t('meals', { count: row.counts.toOrder })} · ${formatMoney(row.toOrderAmount)}`,
      className: 'text-end text-nowrap',
    },
  ];
  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={() => setUploading(true)}>{t('upload.button')}</Button>} />
      <DataTable label={title} columns={columns} query={list} state={table} searchable={false} />
      <UploadOrdersFileModal show={uploading} onClose={() => setUploading(false)} />
    </section>
  );
}
