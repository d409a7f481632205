import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session/session-context';
import { TICKET_STATES, useTicketCategories, useTickets, type Ticket } from '../api/tickets';
import { TicketConversation } from '../components/TicketConversation';

const FILTERS = ['category', 'state', 'institutionId', 'dateFrom', 'dateTo'] as const;

/**
 * `/tickets`: the help tickets the user sees (every one for ticket admins, their institutions' for institutions
 * admins with tickets_manage, one's own for parents and workers), filtered and paged; `?ticket=` opens one's
 * conversation (the bell's links point there).
 */
export function TicketsPage() {
  const { t } = useTranslation(['tickets', 'routes']);
  const { user } = useSession();
  const manages = user?.abilities.includes('tickets.manage') ?? false;
  const table = useTableState({ filters: FILTERS });
  const list = useTickets(table.params);
  const categories = useTicketCategories();
  const institutions = useStaffOptions(OPTION_PATHS.institutions, {}, manages);
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = Number(searchParams.get('ticket')) || null;
  const open = (id: number | null) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id === null) next.delete('ticket');
      else next.set('ticket', String(id));
      return next;
    });
  const title = t('routes:areas.tickets');
  const categoryName = (code: string) => t(`categories.${code}`, { defaultValue: code });

  const columns: Column<Ticket>[] = [
    { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => formatDateTime(row.createdAt), className: 'text-nowrap' },
    {
      key: 'subject',
      header: t('fields.subject'),
      cell: (row) => (
        <Button variant="link" className="p-0 text-start" onClick={() => open(row.id)}>
          {row.subject}
        </Button>
      ),
    },
    { key: 'category', header: t('fields.category'), cell: (row) => categoryName(row.category) },
    { key: 'author', header: t('fields.author'), cell: (row) => row.author.fullName },
    { key: 'institution', header: t('fields.institution'), cell: (row) => row.institution?.name ?? '' },
    {
      key: 'state',
      header: t('fields.state'),
      cell: (row) => <Badge bg={row.state === 'open' ? 'primary' : 'secondary'}>{t(`states.${row.state}`)}</Badge>,
    },
    { key: 'answers', header: t('fields.answers'), cell: (row) => row.answersCount, className: 'text-end' },
  ];
  const filters = (
    <>
      <FilterSelect
        label={t('fields.category')}
        value={table.filters.category ?? ''}
        options={(categories.data ?? []).map((code) => ({ value: code, text: categoryName(code) }))}
        onChange={(value) => table.setFilter('category', value)}
      />
      <FilterSelect
        label={t('fields.state')}
        value={table.filters.state ?? ''}
        options={TICKET_STATES.map((state) => ({ value: state, text: t(`states.${state}`) }))}
        onChange={(value) => table.setFilter('state', value)}
      />
      {manages && (
        <FilterSelect
          label={t('fields.institution')}
          value={table.filters.institutionId ?? ''}
          options={institutions.data ?? []}
          onChange={(value) => table.setFilter('institutionId', value)}
        />
      )}
      <FilterDate label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
      <FilterDate label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
    </>
  );

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/helpTickets/create" className="btn btn-primary">
            {t('newTicket')}
          </Link>
        }
      />
      <DataTable label={title} columns={columns} query={list} state={table} filters={filters} searchable={false} />
      {openId !== null && <TicketConversation key={openId} id={openId} onClose={() => open(null)} />}
    </section>
  );
}
