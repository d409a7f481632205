import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, FilterDate, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import type { Money } from '@/lib/money';
import { usersActivity, type ActivityEntry } from '../api/activity';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';

/** Areas worth a filter, each the action prefixes it covers (sent comma-separated); any other action still
 * shows, under its code. */
const ACTIONS = [
  { key: 'user_sign_in', prefixes: 'user.sign_in' },
  { key: 'user_', prefixes: 'user.' },
  { key: 'child_', prefixes: 'child.' },
  { key: 'worker_profile_', prefixes: 'institution_worker.,worker_profile.' },
  { key: 'card_', prefixes: 'child.card_number,worker_profile.card_number' },
] as const;

type Formatters = { t: TFunction; language: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isMoney(value: unknown): value is Money {
  return isRecord(value) && typeof value.amount === 'string' && typeof value.currency === 'string';
}

/** A value as people read it: dates as 25.11.2026, money as 12,50 zł, booleans as Yes/No, lists joined. The
 * server sends values typed (ISO dates, {amount, currency}, booleans), never formatted. */
function formatValue(value: unknown, f: Formatters): string {
  if (value === null || value === undefined || value === '') return f.t('empty');
  if (typeof value === 'boolean') return f.t(value ? 'yes' : 'no');
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value, f.language);
  if (isMoney(value)) return formatMoney(value, f.language);
  if (Array.isArray(value)) return value.map((item) => formatValue(item, f)).join(', ');
  if (isRecord(value)) return Object.values(value).map((item) => formatValue(item, f)).join(', ');
  return String(value);
}

/** What happened, in a sentence: the action code's text (`params.variant` picks a more precise one), filled
 * with its formatted params. An action without a text (a new one; a test keeps them described) reads as such. */
function describeAction(row: ActivityEntry, f: Formatters): string {
  const params = (row.params ?? {}) as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name !== 'variant') values[name] = name === 'count' && typeof value === 'number' ? value : formatValue(value, f);
  }
  const key = `actions.${row.action.replaceAll('.', '_')}`;
  const variant = typeof params.variant === 'string' ? params.variant : undefined;
  return f.t(key, { ...values, context: variant, defaultValue: f.t('otherAction') });
}

// The settings screen names the company details' fields in a group of their own.
const SETTINGS_FIELD_GROUPS: Record<string, string> = { 'settings.company_details': 'company.' };

/** A field's name: the activity's own label, else the settings screen's, else the words of its name. */
function fieldLabel(field: string, action: string, t: TFunction): string {
  const words = field.replace(/([A-Z])/g, ' $1').toLowerCase();
  const group = SETTINGS_FIELD_GROUPS[action] ?? '';
  return t([`changeFields.${field}`, `settings:fields.${group}${field}`], { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}

/** A changed value: a setting's choice as the settings screen names it ("Parent or institution worker", not
 * "both"), anything else as `formatValue` reads it. */
function changeValue(field: string, action: string, value: unknown, f: Formatters): string {
  if (action.startsWith('settings.') && typeof value === 'string' && value !== '') {
    const choice = f.t(`settings:options.${field}.${value}`, { defaultValue: '' });
    if (choice) return choice;
  }
  return formatValue(value, f);
}

const MAX_LINES = 6;

/** What a change set, one line per field: "Label: before → after". */
function Changes({ changes, action, f }: { changes: ActivityEntry['changes']; action: string; f: Formatters }) {
  if (!changes.length) return null;
  return (
    <dl className="small mb-0">
      {changes.slice(0, MAX_LINES).map(({ field, before, after }) => (
        <div key={field}>
          <dt className="d-inline fw-semibold">{fieldLabel(field, action, f.t)}:</dt>{' '}
          <dd className="d-inline mb-0">{`${changeValue(field, action, before, f)} → ${changeValue(field, action, after, f)}`}</dd>
        </div>
      ))}
      {changes.length > MAX_LINES && <div className="text-body-secondary">…</div>}
    </dl>
  );
}

/** What was acted upon: its kind and its name as it is now, or its number when it has no name or is gone. */
function targetText(t: TFunction, row: ActivityEntry): string {
  if (!row.targetType) return '—';
  const kind = t(`targets.${row.targetType.replaceAll('.', '_')}`, { defaultValue: '' });
  if (row.targetName) return kind ? `${kind}: ${row.targetName}` : row.targetName;
  return kind ? t('targetNumbered', { kind, id: row.targetId }) : '—';
}

export function UsersActivityPage() {
  const { t, i18n } = useTranslation(['usersActivity', 'routes', 'settings']);
  const table = useTableState({ filters: ['action', 'dateFrom', 'dateTo', 'userId'] });
  const list = usersActivity.useList(table.params);
  const f: Formatters = { t, language: i18n.language };

  const columns: Column<ActivityEntry>[] = [
    { key: 'createdAt', header: t('fields.createdAt'), cell: (row) => formatDateTime(row.createdAt, i18n.language, { dateStyle: 'short', timeStyle: 'medium' }), className: 'text-nowrap' },
    {
      key: 'actor',
      header: t('fields.actor'),
      cell: (row) => (row.actor ? `${row.actor.name || row.actor.email}${row.actor.name ? ` (${row.actor.email})` : ''}` : t('system')),
    },
    { key: 'action', header: t('fields.action'), cell: (row) => describeAction(row, f) },
    {
      key: 'target',
      header: t('fields.target'),
      cell: (row) => targetText(t, row),
    },
    {
      key: 'data',
      header: t('fields.data'),
      cell: (row) => <Changes changes={row.changes} action={row.action} f={f} />,
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
