import { Badge, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { formatDateTime } from '@/lib/format';
import { automatedReports, useBulkCommand, type AutomatedReport, type BulkCommand } from '../api/automated-reports';

const RUN_BADGES = { pending: 'secondary', sent: 'success', failed: 'danger' } as const;

/** `/automatedReports`: the reports sent on a schedule; switch each on or off, send now, copy, edit, remove. */
export function AutomatedReportsPage() {
  const { t } = useTranslation(['automatedReports', 'common', 'routes']);
  const table = useTableState({ filters: ['enabled'], defaultSort: 'name' });
  const list = automatedReports.useList(table.params);
  const remove = useConfirmedRemove(automatedReports);
  const commands: Record<BulkCommand, ReturnType<typeof useBulkCommand>> = {
    enable: useBulkCommand('enable'),
    disable: useBulkCommand('disable'),
    send: useBulkCommand('send'),
  };

  const run = async (command: BulkCommand, reports: readonly AutomatedReport[], done?: () => void) => {
    try {
      await commands[command].run(reports.map((report) => report.id));
    } catch {
      return; // the query client shows the refusal
    }
    done?.();
    notify({ type: 'success', message: t(`bulk.done.${command}`, { count: reports.length }) });
  };

  const schedule = (report: AutomatedReport) => {
    const at = report.sendTime;
    if (report.frequency === 'weekly') return t('schedule.weekly', { weekday: t(`weekdays.${report.weekday}`), at });
    if (report.frequency === 'monthly') return t('schedule.monthly', { day: report.dayOfMonth, at });
    return t('schedule.daily', { at });
  };

  const columns: Column<AutomatedReport>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortKey: 'name',
      cell: (row) => (
        <>
          <div>{row.name}</div>
          <div className="small text-body-secondary">
            {row.reportTypeTitle ?? row.reportType} · {row.fileFormat.toUpperCase()} · {t(`periods.${row.relativePeriod}`)}
          </div>
        </>
      ),
    },
    { key: 'schedule', header: t('fields.schedule'), cell: schedule },
    {
      key: 'recipients',
      header: t('fields.emailAddresses'),
      cell: (row) => (
        <span className="small">
          {[...row.emailAddresses, ...(row.recipientsListName ? [t('help.recipientsListShort', { name: row.recipientsListName })] : [])].join(', ')}
        </span>
      ),
    },
    {
      key: 'next',
      header: t('fields.nextSendAt'),
      cell: (row) => (row.nextSendAt ? formatDateTime(row.nextSendAt) : '—'),
      className: 'text-nowrap',
    },
    {
      key: 'lastRun',
      header: t('fields.lastRun'),
      sortKey: 'lastRunAt',
      cell: (row) =>
        row.lastRun ? (
          <>
            <Badge bg={RUN_BADGES[row.lastRun.state]}>{t(`runStates.${row.lastRun.state}`)}</Badge>{' '}
            <span className="small">{formatDateTime(row.lastRun.sentAt ?? row.lastRun.createdAt)}</span>
          </>
        ) : (
          <span className="text-body-secondary small">{t('neverSent')}</span>
        ),
    },
    {
      key: 'enabled',
      header: t('fields.enabled'),
      cell: (row) => (
        <Form.Check
          type="switch"
          role="switch"
          id={`automated-report-enabled-${row.id}`}
          aria-label={t('enabledNamed', { name: row.name })}
          checked={row.enabled ?? false}
          disabled={commands.enable.isPending || commands.disable.isPending}
          onChange={(event) => void run(event.target.checked ? 'enable' : 'disable', [row])}
        />
      ),
    },
  ];
  const title = t('routes:areas.automatedReports');

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/automatedReports/create" className="btn btn-primary">
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
          <FilterSelect
            label={t('filters.enabled')}
            value={table.filters.enabled ?? ''}
            options={[
              { value: 'true', text: t('filters.on') },
              { value: 'false', text: t('filters.off') },
            ]}
            onChange={(value) => table.setFilter('enabled', value)}
          />
        }
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            <Button size="sm" variant="outline-success" aria-label={t('sendNowNamed', { name: row.name })} onClick={() => void run('send', [row])}>
              {t('sendNow')}
            </Button>
            <Link to={`/automatedReports/create/${row.id}`} className="btn btn-sm btn-outline-secondary" aria-label={t('copyNamed', { name: row.name })}>
              {t('copy')}
            </Link>
            <RowActions name={row.name} editTo={`/automatedReports/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
          </div>
        )}
        bulkActions={(selected, clearSelection) => (
          <>
            <Button size="sm" variant="outline-primary" onClick={() => void run('enable', selected, clearSelection)}>
              {t('bulk.enable')}
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => void run('disable', selected, clearSelection)}>
              {t('bulk.disable')}
            </Button>
            <Button size="sm" variant="success" onClick={() => void run('send', selected, clearSelection)}>
              {t('bulk.send')}
            </Button>
          </>
        )}
      />
    </section>
  );
}
