import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { MoreMenu, RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { ExportMenu } from '@/components/ExportMenu';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { ApiError } from '@/api/client';
import {
  CHILD_STATUSES,
  children,
  downloadDiningCards,
  exportChildren,
  useChildCommand,
  type ChildCommand,
  type ChildRow,
  type DiningCardsChoice,
} from '@/lib/children/children';
import { ordersConfigEndpoint } from '@/lib/settings/orders-config';
import { ChangeCardNumberModal, ChangeClassroomModal } from '../components/ChildQuickChanges';
import { childName } from '@/lib/child-form/child-form-model';
import { StatusBadge } from '../components/StatusBadge';
import { formOptionQueries } from '@/lib/children/form-options';

/** The state commands a child in `status` can take: (de)activate, then archive or bring back. */
function stateCommands(status: ChildRow['status']): ChildCommand[] {
  if (status === 'archived') return ['unarchive'];
  return [status === 'active' ? 'deactivate' : 'activate', 'archive'];
}

/** Activate / deactivate / archive / unarchive of one row, each asked first. */
function useStateCommands() {
  const { t } = useTranslation('children');
  const confirm = useConfirm();
  const commands = {
    activate: useChildCommand('activate'),
    deactivate: useChildCommand('deactivate'),
    archive: useChildCommand('archive'),
    unarchive: useChildCommand('unarchive'),
  };
  return async (command: ChildCommand, row: ChildRow) => {
    const name = childName(row);
    const confirmed = await confirm({ title: t(`commands.${command}.title`), body: t(`commands.${command}.body`, { child: name }) });
    if (!confirmed) return;
    await commands[command].mutateAsync({ params: { id: row.id } });
    notify({ type: 'success', message: t(`commands.${command}.done`, { child: name }) });
  };
}

/** Downloads the dining cards PDF; a refusal is told in a toast. Returns whether it went through. */
function usePrintDiningCards() {
  const { t } = useTranslation('children');
  const [printing, setPrinting] = useState(false);
  const print = async (choice: DiningCardsChoice) => {
    setPrinting(true);
    try {
      await downloadDiningCards(choice);
      return true;
    } catch (error) {
      notify({ type: 'error', message: error instanceof ApiError ? error.message : t('diningCards.failed') });
      return false;
    } finally {
      setPrinting(false);
    }
  };
  return { print, printing };
}

/**
 * `/children`: every child the user reaches, with filters, search, sort, state commands, export and import; staff
 * print the dining cards of the filtered classroom or of the selected children (when the tenant uses cards).
 */
export function ChildrenPage() {
  const { t } = useTranslation(['children', 'routes']);
  const { user } = useSession();
  const canEdit = user !== undefined && hasAbility(user, 'children.edit');
  const canManage = user !== undefined && hasAbility(user, 'children.change_sensitive');
  const canEditCards = user !== undefined && hasAbility(user, 'cards.edit');
  const [movingClassroom, setMovingClassroom] = useState<ChildRow | null>(null);
  const [changingCard, setChangingCard] = useState<ChildRow | null>(null);
  const canImport = user !== undefined && hasAbility(user, 'children.import');
  const [, setSearchParams] = useSearchParams();
  const table = useTableState({ filters: ['institutionId', 'classroomId', 'dietId', 'status'], defaultSort: 'lastName' });
  const list = children.useList(table.params);
  const institutions = useQuery(formOptionQueries.institutions());
  const institutionId = Number(table.filters.institutionId) || 0;
  const classrooms = useQuery({ ...formOptionQueries.classrooms(institutionId), enabled: institutionId > 0 });
  const diets = useQuery(formOptionQueries.diets());
  const remove = useConfirmedRemove(children);
  const run = useStateCommands();
  const title = t('routes:areas.children');
  const ordersConfig = useQuery({ ...ordersConfigEndpoint.queryOptions(), enabled: canManage });
  const canPrintCards = canManage && ordersConfig.data?.diningCardsEnabled === true;
  const classroomId = Number(table.filters.classroomId) || 0;
  const { print, printing } = usePrintDiningCards();

  const columns: Column<ChildRow>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'lastName', cell: (row) => `${row.lastName} ${row.firstName}` },
    { key: 'cardNumber', header: t('fields.cardNumber'), sortKey: 'cardNumber', cell: (row) => row.cardNumber ?? '—' },
    { key: 'institution', header: t('fields.institution'), sortKey: 'institutionName', cell: (row) => row.institution.shortName || row.institution.name },
    { key: 'classroom', header: t('fields.classroom'), sortKey: 'classroomName', cell: (row) => row.classroom.name },
    { key: 'diet', header: t('fields.diet'), sortKey: 'dietName', cell: (row) => row.diet.name },
    {
      key: 'parent',
      header: t('fields.parent'),
      sortKey: 'parentName',
      cell: (row) => <Link to={`/parents/${row.parentId}`}>{row.parent.name}</Link>,
    },
    { key: 'status', header: t('fields.status'), cell: (row) => <StatusBadge status={row.status} /> },
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <>
            {canPrintCards && classroomId > 0 && (
              <Button variant="outline-primary" disabled={printing} onClick={() => void print({ classroomId })}>
                {t('diningCards.printClassroom')}
              </Button>
            )}
            <ExportMenu onExport={(format) => exportChildren(format, table.params)} />
            {canImport && (
              <Link to="/children/import" className="btn btn-outline-primary">
                {t('import.open')}
              </Link>
            )}
            {canEdit && (
              <Link to="/children/create" className="btn btn-primary">
                {t('create')}
              </Link>
            )}
          </>
        }
      />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <>
            <FilterSelect
              label={t('fields.institution')}
              value={table.filters.institutionId ?? ''}
              options={institutions.data ?? []}
              onChange={(value) =>
                // One URL change: the classroom filter of another institution would hide every row.
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  if (value) next.set('institutionId', value);
                  else next.delete('institutionId');
                  next.delete('classroomId');
                  next.delete('page');
                  return next;
                })
              }
            />
            {institutionId > 0 && (
              <FilterSelect
                label={t('fields.classroom')}
                value={table.filters.classroomId ?? ''}
                options={(classrooms.data ?? []).map((room) => ({ value: room.value, text: room.text }))}
                onChange={(value) => table.setFilter('classroomId', value)}
              />
            )}
            <FilterSelect
              label={t('fields.diet')}
              value={table.filters.dietId ?? ''}
              options={(diets.data ?? []).map((diet) => ({ value: diet.value, text: diet.text }))}
              onChange={(value) => table.setFilter('dietId', value)}
            />
            <FilterSelect
              label={t('fields.status')}
              value={table.filters.status ?? ''}
              options={CHILD_STATUSES.map((status) => ({ value: status, text: t(`statuses.${status}`) }))}
              onChange={(value) => table.setFilter('status', value)}
            />
          </>
        }
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            <MoreMenu
              name={childName(row)}
              items={[
                ...(canEdit ? [{ key: 'classroom', label: t('quick.classroomAction'), onSelect: () => setMovingClassroom(row) }] : []),
                ...(canEditCards ? [{ key: 'card', label: t('quick.cardAction'), onSelect: () => setChangingCard(row) }] : []),
                ...(canManage
                  ? stateCommands(row.status).map((command) => ({
                      key: command,
                      label: t(`commands.${command}.action`),
                      onSelect: () => void run(command, row),
                    }))
                  : []),
              ]}
            />
            {canEdit && (
              <RowActions
                name={childName(row)}
                editTo={`/children/${row.id}/edit/list`}
                onRemove={() => void remove(row.id, childName(row))}
              />
            )}
          </div>
        )}
        bulkActions={
          canPrintCards
            ? (selected, clear) => (
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={printing}
                  onClick={() => void print({ ids: selected.map((row) => row.id) }).then((done) => done && clear())}
                >
                  {t('diningCards.printSelected')}
                </Button>
              )
            : undefined
        }
      />
      <ChangeClassroomModal child={movingClassroom} onClose={() => setMovingClassroom(null)} />
      <ChangeCardNumberModal child={changingCard} onClose={() => setChangingCard(null)} />
    </section>
  );
}
