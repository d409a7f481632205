import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { usersActivity, type ActivityEntry } from '../api/activity';

/** Areas worth a filter, each the action prefixes it covers (sent comma-separated); any other action still
 * shows, under its code. */
const ACTIONS = [
  { key: 'user_sign_in', prefixes: 'user.sign_in' },
  { key: 'user_', prefixes: 'user.' },
  { key: 'child_', prefixes: 'child.' },
  { key: 'worker_profile_', prefixes: 'institution_worker.,worker_profile.' },
  { key: 'card_', prefixes: 'child.card_number,worker_profile.card_number' },
] as const;

/** A date filter laid out like FilterSelect (small label above the field), so the filter row lines up. */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}

/** An action's name: its own text when it has one, else "<entity>: <verb>" from the action code's parts (every
 * service audits as `<entity>.<verb>`), else the code itself. */
function actionLabel(t: TFunction, action: string): string {
  const own = t(`actions.${action.replaceAll('.', '_')}`, { defaultValue: '' });
  if (own) return own;
  const [entity, ...rest] = action.split('.');
  const verb = rest.join('.');
  const entityText = t(`entities.${entity}`, { defaultValue: '' });
  if (!entityText) return action;
  return `${entityText}: ${t(`verbs.${verb.replaceAll('.', '_')}`, { defaultValue: verb.replaceAll('_', ' ') })}`;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') {
    const money = value as { amount?: unknown; currency?: unknown };
    if (typeof money.amount === 'string' && typeof money.currency === 'string') return `${money.amount} ${money.currency}`;
    return JSON.stringify(value);
  }
  return String(value);
}

/** The entry's details as "key: value" lines, long values cut (the whole JSON stays in the title). */
function Details({ data }: { data: Record<string, unknown> }) {
  const entries = Object.entries(data);
  if (!entries.length) return null;
  return (
    <dl className="small mb-0" title={JSON.stringify(data)}>
      {entries.slice(0, 6).map(([key, value]) => {
        const text = formatValue(value);
        return (
          <div key={key} className="text-truncate" style={{ maxWidth: '32rem' }}>
            <dt className="d-inline fw-semibold">{key}:</dt> <dd className="d-inline mb-0">{text.length > 120 ? `${text.slice(0, 120)}…` : text}</dd>
          </div>
        );
      })}
      {entries.length > 6 && <div className="text-body-secondary">…</div>}
    </dl>
  );
}

export function UsersActivityPage() {
  const { t, i18n } = useTranslation(['usersActivity', 'routes']);
  const table = useTableState({ filters: ['action', 'dateFrom', 'dateTo', 'userId'] });
  const list = usersActivity.useList(table.params);
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { dateStyle: 'short', timeStyle: 'medium' });

  const columns: Column<ActivityEntry>[] = [
    { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => dateTime.format(new Date(row.createdAt)), className: 'text-nowrap' },
    {
      key: 'actor',
      header: t('fields.actor'),
      cell: (row) => (row.actor ? `${row.actor.name || row.actor.email}${row.actor.name ? ` (${row.actor.email})` : ''}` : t('system')),
    },
    { key: 'action', header: t('fields.action'), cell: (row) => actionLabel(t, row.action) },
    {
      key: 'target',
      header: t('fields.target'),
      cell: (row) =>
        row.targetType ? `${t(`targets.${row.targetType.replaceAll('.', '_')}`, row.targetType)} #${row.targetId}` : '—',
    },
    {
      key: 'data',
      header: t('fields.data'),
      cell: (row) => <Details data={row.data as Record<string, unknown>} />,
    },
  ];
  const title = t('routes:areas.users_activity');

  return (
    <section>
      <PageHeader title={title} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.action')}
              value={table.filters.action ?? ''}
              options={ACTIONS.map(({ key, prefixes }) => ({ value: prefixes, text: t(`filters.${key}`) }))}
              onChange={(value) => table.setFilter('action', value)}
            />
            <DateFilter label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <DateFilter label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
          </>
        }
      />
    </section>
  );
}
