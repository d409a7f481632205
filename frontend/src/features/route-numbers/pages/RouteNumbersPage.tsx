import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { routeNumbers, useDriverOptions, type RouteNumber } from '../api/route-numbers';
import { routeNumberForm } from '../components/route-number-form';

export function RouteNumbersPage() {
  const { t } = useTranslation(['routeNumbers', 'common', 'routes']);
  const table = useTableState({ filters: ['driverId'], defaultSort: 'number' });
  const list = routeNumbers.useList(table.params);
  const drivers = useDriverOptions();
  const modal = useEntityModal();
  const remove = useConfirmedRemove(routeNumbers);

  const columns: Column<RouteNumber>[] = [
    { key: 'number', header: t('fields.number'), sortKey: 'number', cell: (row) => row.number, className: 'text-nowrap' },
    { key: 'description', header: t('fields.description'), cell: (row) => row.description },
    {
      key: 'driver',
      header: t('fields.driver'),
      sortKey: 'driverName',
      cell: (row) => row.driverName ?? <span className="text-body-secondary">{t('noDriver')}</span>,
    },
    { key: 'stops', header: t('stopsColumn'), cell: (row) => row.stops.map((stop) => stop.institutionName).join(' → ') },
  ];
  const title = t('routes:areas.routeNumbers');

  return (
    <section>
      <PageHeader title={title} actions={<Button onClick={modal.openCreate}>{t('create')}</Button>} />
      <DataTable
        label={title}
        columns={columns}
        query={list}
        state={table}
        filters={
          <FilterSelect
            label={t('fields.driver')}
            value={table.filters.driverId ?? ''}
            options={(drivers.data ?? []).map((driver) => ({ value: driver.value, text: driver.text }))}
            onChange={(value) => table.setFilter('driverId', value)}
          />
        }
        rowActions={(row) => (
          <RowActions name={row.number} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, row.number)} />
        )}
      />
      <EntityFormModal form={routeNumberForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
