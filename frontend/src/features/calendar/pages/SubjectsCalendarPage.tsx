import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { SubjectFilters } from '@/components/calendar/SubjectFilters';
import { useCalendarSubjects, type SubjectRow } from '@/lib/calendar/subjects';
import { formatDate, formatMonth } from '@/lib/format';
import { addMonths, datesBetween, firstDayOfMonth, isWeekend, lastDayOfMonth, monthOf, todayIso } from '@/lib/calendar/dates';

type Row = Omit<SubjectRow, 'id'> & { id: string; subjectId: number };

/**
 * `/calendar/subjects` (admin, institutions admin with children_edit): every meal receiver × the days of a
 * month, with the meals ordered per day; a name opens that receiver's presence calendar.
 */
export function SubjectsCalendarPage() {
  const { t, i18n } = useTranslation(['calendar', 'routes']);
  const table = useTableState({ filters: ['month', 'institutionId', 'classroomId', 'childGroupId', 'type'] });
  const month = /^\d{4}-\d{2}$/.test(table.filters.month ?? '') ? table.filters.month! : monthOf(todayIso());
  const list = useCalendarSubjects({ ...table.params, month });

  const query = {
    ...list,
    data: list.data ? { ...list.data, items: list.data.items.map((row): Row => ({ ...row, id: row.key, subjectId: row.id })) } : undefined,
  };
  const dates = datesBetween(firstDayOfMonth(month), lastDayOfMonth(month));
  const today = todayIso();
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('subjects.name'),
      className: 'text-nowrap',
      cell: (row) => (
        <div>
          <Link to={`/calendar/presences/${row.type}/${row.subjectId}`}>{row.name}</Link>
          <div className="small text-body-secondary">{[row.institutionName, row.classroomName].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    ...dates.map(
      (date): Column<Row> => ({
        key: date,
        header: (
          <span title={formatDate(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' })}>
            {Number(date.slice(8))}
            <span className="d-block small fw-normal">{formatDate(date, i18n.language, { weekday: 'narrow' })}</span>
          </span>
        ),
        className: `text-center px-1 ${isWeekend(date) ? 'bg-body-tertiary' : ''} ${date === today ? 'border-primary border-2' : ''}`,
        cell: (row) => {
          const count = row.counts.get(date) ?? 0;
          return count > 0 ? <span className="badge text-bg-success">{count}</span> : '';
        },
      }),
    ),
  ];
  const title = t('routes:areas.calendar_subjects');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <div className="d-flex align-items-center gap-2">
            <Button variant="outline-secondary" aria-label={t('previousMonth')} onClick={() => table.setFilter('month', addMonths(month, -1))}>
              ‹
            </Button>
            <span className="fw-semibold text-capitalize" style={{ minWidth: '10rem', textAlign: 'center' }}>
              {formatMonth(month, i18n.language)}
            </span>
            <Button variant="outline-secondary" aria-label={t('nextMonth')} onClick={() => table.setFilter('month', addMonths(month, 1))}>
              ›
            </Button>
          </div>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={query}
        state={table}
        filters={
          <SubjectFilters table={table} />
        }
      />
    </section>
  );
}
