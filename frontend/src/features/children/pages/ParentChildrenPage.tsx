import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId, RowActions } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { children, type ChildRow } from '@/lib/children/children';
import { childName } from '@/lib/child-form/child-form-model';
import { StatusBadge } from '../components/StatusBadge';

/** `/parents/{parentId}/children`: a parent's own children (a parent always sees theirs), with edit links. */
export function ParentChildrenPage() {
  const { t } = useTranslation(['children', 'routes']);
  const { user } = useSession();
  const routeParent = parseRouteId(useParams().parentId);
  const isStaff = user !== undefined && (user.roles.includes('ROLE_ADMIN') || user.roles.includes('ROLE_INSTITUTIONS_ADMIN'));
  const parentId = isStaff ? routeParent : (user?.id ?? routeParent);
  const canEdit = user !== undefined && hasAbility(user, 'children.edit');
  const table = useTableState({ defaultSort: 'lastName' });
  const list = children.useList({ ...table.params, parentId: parentId ?? undefined });
  const title = t('routes:areas.parents_children');

  const columns: Column<ChildRow>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'lastName', cell: (row) => childName(row) },
    { key: 'institution', header: t('fields.institution'), cell: (row) => row.institution.name },
    { key: 'classroom', header: t('fields.classroom'), cell: (row) => row.classroom.name },
    { key: 'diet', header: t('fields.diet'), cell: (row) => row.diet.name },
    { key: 'cardNumber', header: t('fields.cardNumber'), cell: (row) => row.cardNumber ?? '—' },
    ...(isStaff ? [{ key: 'status', header: t('fields.status'), cell: (row: ChildRow) => <StatusBadge status={row.status} /> }] : []),
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canEdit && parentId !== null && (
            <Link to={`/children/create?parentId=${parentId}`} className="btn btn-primary">
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
        searchable={false}
        rowActions={canEdit ? (row) => <RowActions name={childName(row)} editTo={`/children/${row.id}/edit/parent`} /> : undefined}
      />
    </section>
  );
}
