import { Badge, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useCalendarSubjects, type SubjectRow } from '@/lib/calendar/subjects';
import { SubjectFilters } from '@/components/calendar/SubjectFilters';
import { formatDate } from '@/lib/format';
import { todayIso } from '@/lib/calendar/dates';

type Row = Omit<SubjectRow, 'id'> & { id: string; subjectId: number };

/**
 * `/users/presences` (staff): every meal receiver's presence on one date — meals ordered or absent — with
 * the subjects calendar's filters. Reads `calendar/days/subjects` for that one day (`dateFrom` = `dateTo`).
 */
export function UsersPresencesPage() {
  const { t, i18n } = useTranslation(['usersPresences', 'calendar', 'routes']);
  const table = useTableState({ filters: ['date', 'institutionId', 'classroomId', 'childGroupId', 'type'] });
  const date = /^\d{4}-\d{2}-\d{2}$/.test(table.filters.date ?? '') ? table.filters.date! : todayIso();
  const params = Object.fromEntries(Object.entries(table.params).filter(([key]) => key !== 'date'));
  const list = useCalendarSubjects({ ...params, dateFrom: date, dateTo: date });

  const query = {
    ...list,
    data: list.data ? { ...list.data, items: list.data.items.map((row): Row => ({ ...row, id: row.key, subjectId: row.id })) } : undefined,
  };
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('calendar:subjects.name'),
      cell: (row) => <Link to={`/calendar/presences/${row.type}/${row.subjectId}`}>{row.name}</Link>,
    },
    { key: 'type', header: t('calendar:filters.type'), cell: (row) => t(`calendar:subjectTypes.${row.type}`) },
    { key: 'institution', header: t('calendar:filters.institution'), cell: (row) => row.institutionName ?? '' },
    { key: 'classroom', header: t('calendar:filters.classroom'), cell: (row) => row.classroomName ?? '' },
    {
      key: 'presence',
      header: t('presence'),
      cell: (row) => {
        const meals = row.counts.get(date) ?? 0;
        if (meals > 0) return <Badge bg="success">{t('meals', { count: meals })}</Badge>;
        if (row.absences.has(date)) return <Badge bg="secondary">{t('calendar:absent')}</Badge>;
        return <span className="text-body-secondary">{t('nothing')}</span>;
      },
    },
  ];
  const title = t('routes:areas.users_presences');

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{formatDate(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}</p>
      <DataTable
        label={title}
        columns={columns}
        query={query}
        state={table}
        filters={
          <>
            <Form.Group controlId="users-presences-date">
              <Form.Label className="small mb-1">{t('calendar:filters.date')}</Form.Label>
              <Form.Control type="date" value={date} onChange={(event) => table.setFilter('date', event.target.value)} />
            </Form.Group>
            <SubjectFilters table={table} />
          </>
        }
      />
    </section>
  );
}
