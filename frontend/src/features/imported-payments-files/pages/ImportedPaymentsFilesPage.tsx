import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useImportedPaymentsFiles, type ImportedPaymentsFile } from '../api/imported-payments-files';
import { UploadStatementModal } from '../components/UploadStatementModal';

/** `/importedPaymentsFiles` (admin): the uploaded bank statements with their counts; uploading a new one. */
export function ImportedPaymentsFilesPage() {
  const { t } = useTranslation(['importedPaymentsFiles', 'routes']);
  const table = useTableState();
  const list = useImportedPaymentsFiles(table.params);
  const [uploading, setUploading] = useState(false);
  const title = t('routes:areas.importedPaymentsFiles');
  const columns: Column<ImportedPaymentsFile>[] = [
    { key: 'uploadedAt', header: t('fields.uploadedAt'), cell: (row) => formatDateTime(row.uploadedAt), className: 'text-nowrap' },
    { key: 'name', header: t('fields.name'), cell: (row) => <Link to={`/importedPaymentsFiles/${row.id}`}>{row.name}</Link> },
    { key: 'format', header: t('fields.format'), cell: (row) => t(`formats.${row.fileFormat}`) },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (row) => <Badge bg={row.status === 'confirmed' ? 'success' : 'secondary'}>{t(`status.${row.status}`)}</Badge>,
    },
    { key: 'items', header: t('fields.items'), cell: (row) => row.counts.items, className: 'text-end' },
    { key: 'matched', header: t('filters.matched'), cell: (row) => row.counts.matched, className: 'text-end' },
    { key: 'suggested', header: t('filters.suggested'), cell: (row) => row.counts.suggested, className: 'text-end' },
    { key: 'unmatched', header: t('filters.unmatched'), cell: (row) => row.counts.unmatched, className: 'text-end' },
    { key: 'booked', header: t('fields.booked'), cell: (row) => `${row.counts.booked} · ${formatMoney(row.bookedSum)}`, className: 'text-end text-nowrap' },
  ];
  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={() => setUploading(true)}>{t('upload.button')}</Button>} />
      <DataTable label={title} columns={columns} query={list} state={table} searchable={false} />
      <UploadStatementModal show={uploading} onClose={() => setUploading(false)} />
    </section>
  );
}
