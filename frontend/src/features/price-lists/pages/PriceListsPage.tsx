import { Badge, Card, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { hasAbility } from '@/lib/session/get-current-user';
import { priceListsGroups } from '@/lib/price-lists-groups/price-lists-groups';
import { useSession } from '@/lib/session/session-context';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { priceLists, type PriceList, type PriceListStatus } from '../api/price-lists';
import { formatDate, formatMoney } from '@/lib/format';

const STATUS_VARIANT: Record<PriceListStatus, string> = { current: 'success', future: 'info', past: 'secondary' };
const STATUSES: readonly PriceListStatus[] = ['current', 'future', 'past'];

function StatusBadge({ status }: { status: PriceListStatus }) {
  const { t } = useTranslation('priceLists');
  return <Badge bg={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>;
}

/** The administrator's list: every version of every group, with filters, sort and the edit actions. */
function PriceListsAdmin() {
  const { t } = useTranslation(['priceLists', 'common', 'routes']);
  const table = useTableState({ filters: ['groupId', 'status'], defaultSort: 'groupName' });
  const list = priceLists.useList(table.params);
  const groups = priceListsGroups.useOptions();
  const remove = useConfirmedRemove(priceLists);
  const title = t('routes:areas.priceLists');

  const columns: Column<PriceList>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    { key: 'group', header: t('fields.group'), sortKey: 'groupName', cell: (row) => row.groupName },
    { key: 'validFrom', header: t('fields.validFrom'), sortKey: 'validFrom', cell: (row) => formatDate(row.validFrom), className: 'text-nowrap' },
    { key: 'validTo', header: t('fields.validTo'), cell: (row) => formatDate(row.validTo), className: 'text-nowrap' },
    { key: 'status', header: t('fields.status'), cell: (row) => <StatusBadge status={row.status} /> },
    { key: 'items', header: t('fields.itemsCount'), cell: (row) => row.items.length, className: 'text-end' },
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          <Link to="/priceLists/create" className="btn btn-primary">
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
          <>
            <FilterSelect
              label={t('fields.group')}
              value={table.filters.groupId ?? ''}
              options={groups.data ?? []}
              onChange={(value) => table.setFilter('groupId', value)}
            />
            <FilterSelect
              label={t('fields.status')}
              value={table.filters.status ?? ''}
              options={STATUSES.map((status) => ({ value: status, text: t(`status.${status}`) }))}
              onChange={(value) => table.setFilter('status', value)}
            />
          </>
        }
        rowActions={(row) => (
          <div className="d-inline-flex gap-1">
            <Link
              to={`/priceLists/create/${row.id}`}
              className="btn btn-sm btn-outline-secondary"
              aria-label={t('copyNamed', { name: row.name })}
            >
              {t('copy')}
            </Link>
            <RowActions name={row.name} editTo={`/priceLists/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
          </div>
        )}
      />
    </section>
  );
}

/** What a customer or an institutions administrator sees: the prices valid today, one card per list. */
function CurrentPrices() {
  const { t } = useTranslation(['priceLists', 'routes']);
  const list = priceLists.useList({ status: 'current', perPage: OPTION_LIST_PER_PAGE });
  return (
    <section>
      <PageHeader title={t('routes:areas.priceLists')} />
      <QueryState query={list}>
        {() =>
          list.data?.items.length ? (
            list.data.items.map((priceList) => (
              <Card key={priceList.id} className="mb-3">
                <Card.Header as="h2" className="h6 d-flex flex-wrap gap-2 align-items-center">
                  <span>{priceList.name}</span>
                  <span className="text-body-secondary small">
                    {t('validSince', { date: formatDate(priceList.validFrom) })}
                    {priceList.validTo ? ` – ${formatDate(priceList.validTo)}` : ''}
                  </span>
                </Card.Header>
                <Table size="sm" responsive className="mb-0" aria-label={priceList.name}>
                  <thead>
                    <tr>
                      <th>{t('fields.mealType')}</th>
                      <th>{t('fields.diet')}</th>
                      <th>{t('fields.portionSize')}</th>
                      <th className="text-end">{t('fields.price')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {priceList.items.map((item) => (
                      <tr key={item.id}>
                        <td>{item.mealTypeName}</td>
                        <td>{item.dietName}</td>
                        <td>{item.portionSizeName}</td>
                        <td className="text-end text-nowrap">{item.price ? formatMoney(item.price) : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </Card>
            ))
          ) : (
            <EmptyState />
          )
        }
      </QueryState>
    </section>
  );
}

/** `/priceLists`: admins manage every list; others see today's prices if they may see prices. */
export function PriceListsPage() {
  const { t } = useTranslation(['priceLists', 'routes']);
  const { user } = useSession();
  if (user && hasAbility(user, 'catalog.manage')) return <PriceListsAdmin />;
  if (!user || !hasAbility(user, 'prices.see')) {
    return (
      <section>
        <PageHeader title={t('routes:areas.priceLists')} />
        <p className="text-body-secondary">{t('noPrices')}</p>
      </section>
    );
  }
  return <CurrentPrices />;
}
