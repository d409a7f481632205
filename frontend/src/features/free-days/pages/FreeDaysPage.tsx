import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useInstitutionOptions } from '@/lib/institutions/institutions';
import { formatDate, formatMonth } from '@/lib/format';
import { addMonths, firstDayOfMonth, lastDayOfMonth, monthOf, todayIso } from '@/lib/calendar/dates';
import { freeDays, removableFreeDays, type FreeDay } from '../api/free-days';
import { freeDayForm } from '../components/free-day-form';

/** `/calendar/freeDays` (admin): the days off of a month; add a day or a range, for all or one institution. */
export function FreeDaysPage() {
  const { t, i18n } = useTranslation(['freeDays', 'routes']);
  const table = useTableState({ filters: ['month', 'institutionId'] });
  const month = /^\d{4}-\d{2}$/.test(table.filters.month ?? '') ? table.filters.month! : monthOf(todayIso());
  // The month is the page's own filter; the API takes it as a date range.
  const params = Object.fromEntries(Object.entries(table.params).filter(([key]) => key !== 'month'));
  const list = freeDays.useList({ ...params, dateFrom: firstDayOfMonth(month), dateTo: lastDayOfMonth(month) });
  const institutions = useInstitutionOptions(true);
  const modal = useEntityModal();
  const remove = useConfirmedRemove(removableFreeDays);

  const label = (row: FreeDay) => formatDate(row.date, i18n.language, { day: 'numeric', month: 'long', year: 'numeric' });
  const columns: Column<FreeDay>[] = [
    {
      key: 'date',
      header: t('fields.date'),
      className: 'text-nowrap',
      cell: (row) => formatDate(row.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    },
    { key: 'name', header: t('fields.name'), cell: (row) => row.name ?? '' },
    { key: 'institution', header: t('fields.institution'), cell: (row) => row.institutionName ?? t('allInstitutions') },
  ];
  const title = t('routes:areas.calendar_freeDays');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <p className="text-body-secondary small">{t('publicHolidaysHelp')}</p>
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <div className="d-flex align-items-end gap-2">
              <Button variant="outline-secondary" aria-label={t('calendar:previousMonth')} onClick={() => table.setFilter('month', addMonths(month, -1))}>
                ‹
              </Button>
              <span className="fw-semibold text-capitalize py-2" style={{ minWidth: '10rem', textAlign: 'center' }}>
                {formatMonth(month, i18n.language)}
              </span>
              <Button variant="outline-secondary" aria-label={t('calendar:nextMonth')} onClick={() => table.setFilter('month', addMonths(month, 1))}>
                ›
              </Button>
            </div>
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions.data ?? []}
              onChange={(value) => table.setFilter('institutionId', value)}
            />
          </>
        }
        rowActions={(row) => <RowActions name={label(row)} onRemove={() => void remove(row.id, label(row))} />}
      />
      <EntityFormModal form={freeDayForm} state={modal} createTitle={t('createTitle')} editTitle={t('createTitle')} />
    </section>
  );
}
