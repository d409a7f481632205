import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { fetchFile, openFile, saveFile } from '@/lib/files';
import { useInstitutionOptions } from '@/lib/meals-menus/options';
import { formatMonth } from '@/lib/format';
import { mealsMenusFiles, type MealsMenuFile } from '../api/meals-menus-files';

const KB = 1024;
const formatSize = (bytes: number) => (bytes >= KB * KB ? `${(bytes / (KB * KB)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / KB))} kB`);

/** `/mealsMenusFiles`: ready-made menus (PDF, JPEG, PNG) per institution and month. */
export function MealsMenusFilesPage() {
  const { t, i18n } = useTranslation(['mealsMenusFiles', 'routes']);
  const table = useTableState({ filters: ['institutionId', 'month'], defaultSort: '-month' });
  const list = mealsMenusFiles.useList(table.params);
  const institutions = useInstitutionOptions();
  const remove = useConfirmedRemove(mealsMenusFiles);
  const title = t('routes:areas.mealsMenusFiles');
  const failed = (error: Error) => notify({ type: 'error', message: error.message });
  const fileName = (row: MealsMenuFile) => `${row.name}.${row.kind}`;

  const columns: Column<MealsMenuFile>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'institution', header: t('fields.institution'), sortKey: 'institution__name', cell: (row) => row.institutionName },
    { key: 'month', header: t('fields.month'), sortKey: 'month', className: 'text-nowrap', cell: (row) => formatMonth(row.month, i18n.language) },
    { key: 'file', header: t('fields.file'), cell: (row) => `${row.kind.toUpperCase()}, ${formatSize(row.size)}` },
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/mealsMenusFiles/create" className="btn btn-primary">
            {t('create')}
          </Link>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions.data ?? []}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
            <Form.Group controlId="mealsMenusFiles-month-filter">
              <Form.Label className="small mb-1">{t('fields.month')}</Form.Label>
              <Form.Control type="month" value={table.filters.month ?? ''} onChange={(event) => table.setFilter('month', event.target.value)} />
            </Form.Group>
          </>
        }
        rowActions={(row) => (
          <div className="d-inline-flex flex-wrap gap-1 justify-content-end">
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('showNamed', { name: row.name })}
              onClick={() => void openFile(() => fetchFile(`mealsMenusFiles/${row.id}/show`, { fallbackName: fileName(row) })).catch(failed)}
            >
              {t('show')}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('downloadNamed', { name: row.name })}
              onClick={() => void fetchFile(`mealsMenusFiles/${row.id}/download`, { fallbackName: fileName(row) }).then(saveFile).catch(failed)}
            >
              {t('download')}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('printNamed', { name: row.name })}
              onClick={() =>
                void openFile(() => fetchFile(`mealsMenusFiles/${row.id}/print`, { method: 'POST', fallbackName: `${row.name}.pdf` })).catch(failed)
              }
            >
              {t('print')}
            </Button>
            <RowActions name={row.name} editTo={`/mealsMenusFiles/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
          </div>
        )}
      />
    </section>
  );
}
