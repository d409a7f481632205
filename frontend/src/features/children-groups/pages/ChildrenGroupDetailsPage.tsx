import { Badge, Col, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId, RemoveButton } from '@/components/crud';
import { DataTable, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import {
  childrenGroups,
  useChildOptions,
  useChildrenGroupMembers,
  useClassroomOptions,
  type ChildrenGroup,
  type ChildrenGroupMember,
} from '../api/children-groups';
import { MembersEditor } from '../components/MembersEditor';
import { useRemoveChildrenGroup } from '../components/use-remove-children-group';

/** `/childrenGroups/:itemId`: the group's members and the editors of its children and classrooms. */
export function ChildrenGroupDetailsPage() {
  const { t } = useTranslation('childrenGroups');
  const id = parseRouteId(useParams().itemId);
  const group = childrenGroups.useDetail(id);
  if (id === null) return <p>{t('notFound')}</p>;
  return (
    <section>
      <QueryState query={group}>{() => group.data && <ChildrenGroupDetails group={group.data} />}</QueryState>
    </section>
  );
}

function ChildrenGroupDetails({ group }: { group: ChildrenGroup }) {
  const { t } = useTranslation(['childrenGroups', 'common']);
  const remove = useRemoveChildrenGroup();
  const table = useTableState();
  const members = useChildrenGroupMembers(group.id, { page: table.page, perPage: table.perPage });
  const children = useChildOptions();
  const classrooms = useClassroomOptions();
  const columns: Column<ChildrenGroupMember>[] = [
    { key: 'name', header: t('members.name'), cell: (row) => `${row.lastName} ${row.firstName}` },
    { key: 'institution', header: t('members.institution'), cell: (row) => row.institutionName },
    { key: 'classroom', header: t('members.classroom'), cell: (row) => row.classroomName },
    { key: 'parent', header: t('members.parent'), cell: (row) => row.parentName },
    {
      key: 'via',
      header: t('members.via'),
      cell: (row) => <Badge bg={row.via === 'child' ? 'primary' : 'secondary'}>{t(`via.${row.via}`)}</Badge>,
    },
  ];
  return (
    <>
      <PageHeader
        title={group.name}
        actions={
          <>
            <Link to={`/childrenGroups/${group.id}/edit`} className="btn btn-primary">
              {t('common:crud.edit')}
            </Link>
            <RemoveButton remove={() => remove(group)} thenGoTo="/childrenGroups" />
          </>
        }
      />
      <Row>
        <Col lg={6}>
          <MembersEditor
            key={`children-${(group.childrenIds ?? []).join(',')}`}
            groupId={group.id}
            kind="children"
            current={group.childrenIds ?? []}
            options={(children.data ?? []).map((child) => ({ value: child.value, text: child.text }))}
          />
        </Col>
        <Col lg={6}>
          <MembersEditor
            key={`classrooms-${(group.classroomsIds ?? []).join(',')}`}
            groupId={group.id}
            kind="classrooms"
            current={group.classroomsIds ?? []}
            options={classrooms.data ?? []}
          />
        </Col>
      </Row>
      <h2 className="h5">{t('members.title')}</h2>
      <p className="text-body-secondary small">{t('members.help')}</p>
      <DataTable label={t('members.title')} columns={columns} query={members} state={table} searchable={false} maxHeight={null} />
    </>
  );
}
