import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AnnouncementAttachments } from '@/components/announcements/AnnouncementAttachments';
import { RichText } from '@/components/announcements/RichText';
import { RowActions, useAskRemoval } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { formatDate } from '@/lib/format';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { useAnnouncements, useDeleteAnnouncement, type Announcement } from '../api/announcements';
import { AudienceSummary } from '../components/AudienceSummary';

/** `/announcements` (everyone): what reaches the user and is valid today; administrators see all and manage them. */
export function AnnouncementsPage() {
  const { t } = useTranslation(['announcements', 'routes', 'common']);
  const { user } = useSession();
  const manages = user ? hasAbility(user, 'announcements.manage') : false;
  const table = useTableState({ filters: [] });
  const list = useAnnouncements(table.params);
  const remove = useDeleteAnnouncement();
  const ask = useAskRemoval();
  const title = t('routes:areas.announcements');

  const onRemove = async (row: Announcement) => {
    if (!(await ask(t('removeBody', { title: row.title })))) return;
    remove.mutate(row.id, { onSuccess: () => notify({ type: 'success', message: t('common:crud.removed', { name: row.title }) }) });
  };

  const validity = (row: Announcement) =>
    row.validTo ? `${formatDate(row.validFrom)} – ${formatDate(row.validTo)}` : t('validSince', { date: formatDate(row.validFrom) });

  const columns: Column<Announcement>[] = [
    {
      key: 'announcement',
      header: t('fields.title'),
      cell: (row) => (
        <article aria-label={row.title}>
          <h2 className="h6 mb-1">{row.title}</h2>
          <RichText html={row.text} />
          <AnnouncementAttachments announcement={row} />
        </article>
      ),
    },
    { key: 'validity', header: t('fields.validity'), cell: validity, className: 'text-nowrap' },
    ...(manages
      ? [{ key: 'audience', header: t('fields.audience'), cell: (row: Announcement) => <AudienceSummary announcement={row} /> }]
      : []),
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          manages && (
            <Link to="/announcements/create" className="btn btn-primary">
              {t('create')}
            </Link>
          )
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        maxHeight={null}
        rowActions={
          manages
            ? (row) => <RowActions name={row.title} editTo={`/announcements/${row.id}/edit`} onRemove={() => void onRemove(row)} />
            : undefined
        }
      />
    </section>
  );
}
