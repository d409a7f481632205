import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { usersActivity, type ActivityEntry } from '../api/activity';
import { formatDateTime } from '@/lib/format';

/** Areas worth a filter, each the action prefixes it covers (sent comma-separated); any other action still
 * shows, under its code. */
const ACTIONS = [
  { key: 'user_sign_in', prefixes: 'user.sign_in' },
  { key: 'user_', prefixes: 'user.' },
  { key: 'child_', prefixes: 'child.' },
  { key: 'worker_profile_', prefixes: 'institution_worker.,worker_profile.' },
  { key: 'card_', prefixes: 'child.card_number,worker_profile.card_number' },
] as const;

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
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const money = value as { amount?: unknown; currency?: unknown };
    if (typeof money.amount === 'string' && typeof money.currency === 'string') return `${money.amount} ${money.currency}`;
    return JSON.stringify(value);
  }
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_LINES = 6;

/** The lines worth reading: for a change recorded as `{before, after}`, only the keys that changed, as
 * "key: before → after"; otherwise each key with its value. */
function detailLines(data: Record<string, unknown>): [string, string][] {
  const { before, after } = data;
  if (isRecord(before) && isRecord(after) && Object.keys(data).length === 2) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, `${formatValue(before[key])} → ${formatValue(after[key])}`]);
  }
  return Object.entries(data).map(([key, value]) => [key, formatValue(value)]);
}

/** The entry's details as "key: value" lines, long values cut (the whole JSON stays in the title). */
function Details({ data }: { data: Record<string, unknown> }) {
  const lines = detailLines(data);
  if (!lines.length) return null;
  return (
    <dl className="small mb-0" title={JSON.stringify(data)}>
      {lines.slice(0, MAX_LINES).map(([key, text]) => (
        <div key={key} className="text-truncate" style={{ maxWidth: '32rem' }}>
          <dt className="d-inline fw-semibold">{key}:</dt> <dd className="d-inline mb-0">{text.length > 120 ? `${text.slice(0, 120)}…` : text}</dd>
        </div>
      ))}
      {lines.length > MAX_LINES && <div className="text-body-secondary">…</div>}
    </dl>
  );
}

/** What was acted upon: its kind and its name as it is now, or its id when it has no name or is gone. */
function targetText(t: TFunction, row: ActivityEntry): string {
  if (!row.targetType) return '—';
  const kind = t(`targets.${row.targetType.replaceAll('.', '_')}`, row.targetType);
  return row.targetName ? `${kind}: ${row.targetName}` : `${kind} #${row.targetId}`;
}

export function UsersActivityPage() {
  const { t, i18n } = useTranslation(['usersActivity', 'routes']);
  const table = useTableState({ filters: ['action', 'dateFrom', 'dateTo', 'userId'] });
  const list = usersActivity.useList(table.params);

  const columns: Column<ActivityEntry>[] = [
    { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), className: 'text-nowrap' },
    {
      key: 'actor',
      header: t('fields.actor'),
      cell: (row) => (row.actor ? `${row.actor.name || row.actor.email}${row.actor.name ? ` (${row.actor.email})` : ''}` : t('system')),
    },
    { key: 'action', header: t('fields.action'), cell: (row) => actionLabel(t, row.action) },
    {
      key: 'target',
      header: t('fields.target'),
      cell: (row) => targetText(t, row),
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
            <FilterDate label={t('fields.dateFrom')} value={table.filters.dateFrom ?? ''} onChange={(value) => table.setFilter('dateFrom', value)} />
            <FilterDate label={t('fields.dateTo')} value={table.filters.dateTo ?? ''} onChange={(value) => table.setFilter('dateTo', value)} />
          </>
        }
      />
    </section>
  );
}
