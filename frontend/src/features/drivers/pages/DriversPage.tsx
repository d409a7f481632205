import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EntityFormModal, RowActions, useConfirmedRemove, useEntityModal } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { drivers, type Driver } from '../api/drivers';
import { driverForm } from '../components/driver-form';

/** "601 202 303" / "123 4567": the way Poles read phone numbers. */
function formatPhone(phone: string): string {
  return phone.length === 9 ? phone.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : phone.replace(/(\d{3})(\d{4})/, '$1 $2');
}

export function DriversPage() {
  const { t } = useTranslation(['drivers', 'common', 'routes']);
  const table = useTableState({ filters: ['isActive'], defaultSort: 'lastName' });
  const list = drivers.useList(table.params);
  const modal = useEntityModal();
  // A refusal (409: routes still name the driver) is toasted with the server's reason, listing those routes.
  const remove = useConfirmedRemove(drivers);

  const fullName = (row: Driver) => `${row.firstName} ${row.lastName}`;
  const columns: Column<Driver>[] = [
    { key: 'lastName', header: t('fields.lastName'), sortKey: 'lastName', cell: (row) => row.lastName },
    { key: 'firstName', header: t('fields.firstName'), sortKey: 'firstName', cell: (row) => row.firstName },
    { key: 'phoneNumber', header: t('fields.phoneNumber'), cell: (row) => formatPhone(row.phoneNumber), className: 'text-nowrap' },
    {
      key: 'vehicleRegistration',
      header: t('fields.vehicleRegistration'),
      sortKey: 'vehicleRegistration',
      cell: (row) => row.vehicleRegistration,
      className: 'text-nowrap',
    },
    { key: 'routeNumbers', header: t('fields.routeNumbers'), cell: (row) => row.routeNumbers.join(', ') },
    {
      key: 'isActive',
      header: t('fields.status'),
      sortKey: 'isActive',
      cell: (row) => <Badge bg={row.isActive ? 'success' : 'secondary'}>{row.isActive ? t('active') : t('inactive')}</Badge>,
    },
  ];
  const title = t('routes:areas.drivers');

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
            label={t('fields.status')}
            value={table.filters.isActive ?? ''}
            options={[
              { value: 'true', text: t('active') },
              { value: 'false', text: t('inactive') },
            ]}
            onChange={(value) => table.setFilter('isActive', value)}
          />
        }
        rowActions={(row) => (
          <RowActions name={fullName(row)} onEdit={() => modal.openEdit(row.id)} onRemove={() => void remove(row.id, fullName(row))} />
        )}
      />
      <EntityFormModal form={driverForm} state={modal} createTitle={t('createTitle')} editTitle={t('editTitle')} />
    </section>
  );
}
