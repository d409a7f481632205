import { useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RowActions, useConfirmedRemove } from '@/components/crud';
import { DataTable, FilterSelect, useTableState, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/lib/session/session-context';
import { mealsMenus, type MealsMenu } from '../api/meals-menus';
import { useDietOptions, useInstitutionOptions } from '@/lib/meals-menus/options';
import { CreateSimilarModal } from '../components/CreateSimilarModal';
import { MonthSwitcher } from '../components/MonthSwitcher';
import { formatDate } from '@/lib/format';
import { initialMonth, monthOf } from '../components/months';
import { PrintActions } from '../components/PrintActions';
import { MenuMonthPanel } from './MenuMonthPanel';

/** Staff's list of menus: filters by institution, diet and month; readers open a menu's month below the list. */
export function MealsMenusListPage() {
  const { t, i18n } = useTranslation(['mealsMenus', 'common', 'routes']);
  const { user } = useSession();
  const canEdit = user?.abilities.includes('menu.edit') ?? false;
  const table = useTableState({ filters: ['institutionId', 'dietId', 'month'], defaultSort: '-dateFrom' });
  const list = mealsMenus.useList(table.params);
  const institutions = useInstitutionOptions();
  const diets = useDietOptions();
  const remove = useConfirmedRemove(mealsMenus);
  const [similar, setSimilar] = useState<MealsMenu | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const shownId = Number(searchParams.get('show')) || null;
  const shown = list.data?.items.find((menu) => menu.id === shownId) ?? null;
  const [shownMonth, setShownMonth] = useState<string | null>(null);
  const title = t('routes:areas.mealsMenus');

  const show = (menu: MealsMenu) => {
    setShownMonth(initialMonth(menu.dateFrom, menu.dateTo, null));
    setSearchParams((params) => {
      params.set('show', String(menu.id));
      return params;
    });
  };

  const columns: Column<MealsMenu>[] = [
    { key: 'name', header: t('fields.name'), sortKey: 'name', cell: (row) => row.name },
    {
      key: 'dates',
      header: t('fields.dates'),
      sortKey: 'dateFrom',
      className: 'text-nowrap',
      cell: (row) => `${formatDate(row.dateFrom, i18n.language)} – ${formatDate(row.dateTo, i18n.language)}`,
    },
    { key: 'institutions', header: t('fields.institutions'), cell: (row) => row.institutions.map((i) => i.shortName || i.name).join(', ') },
    { key: 'diets', header: t('fields.diets'), cell: (row) => row.diets.map((d) => d.name).join(', ') },
    { key: 'itemsCount', header: t('fields.itemsCount'), sortKey: 'itemsCount', className: 'text-end', cell: (row) => row.itemsCount },
  ];

  return (
    <section>
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <>
              <Link to="/mealsMenus/import" className="btn btn-outline-primary">
                {t('import.action')}
              </Link>
              <Link to="/mealsMenus/create" className="btn btn-primary">
                {t('create')}
              </Link>
            </>
          )
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
              onChange={(value) => table.setFilter('institutionId', value)}
            />
            <FilterSelect label={t('fields.diet')} value={table.filters.dietId ?? ''} options={diets.data ?? []} onChange={(value) => table.setFilter('dietId', value)} />
            <Form.Group controlId="mealsMenus-month-filter">
              <Form.Label className="small mb-1">{t('fields.month')}</Form.Label>
              <Form.Control
                type="month"
                value={table.filters.month ?? ''}
                onChange={(event) => table.setFilter('month', event.target.value)}
              />
            </Form.Group>
          </>
        }
        rowActions={(row) => (
          <div className="d-inline-flex flex-wrap gap-1 justify-content-end">
            <Button size="sm" variant="outline-secondary" aria-label={t('showNamed', { name: row.name })} onClick={() => show(row)}>
              {t('show')}
            </Button>
            {canEdit && (
              <>
                <Button size="sm" variant="outline-secondary" aria-label={t('similar.actionNamed', { name: row.name })} onClick={() => setSimilar(row)}>
                  {t('similar.action')}
                </Button>
                <RowActions name={row.name} editTo={`/mealsMenus/${row.id}/edit`} onRemove={() => void remove(row.id, row.name)} />
              </>
            )}
          </div>
        )}
      />
      {shown && (
        <Card className="mt-3">
          <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
            <MonthSwitcher
              month={shownMonth ?? initialMonth(shown.dateFrom, shown.dateTo, null)}
              onChange={setShownMonth}
              min={monthOf(shown.dateFrom)}
              max={monthOf(shown.dateTo)}
            />
            <PrintActions menu={shown} month={shownMonth ?? initialMonth(shown.dateFrom, shown.dateTo, null)} />
          </Card.Header>
          <Card.Body>
            <MenuMonthPanel menuId={shown.id} month={shownMonth ?? initialMonth(shown.dateFrom, shown.dateTo, null)} label={shown.name} />
          </Card.Body>
        </Card>
      )}
      {similar && <CreateSimilarModal source={similar} onClose={() => setSimilar(null)} />}
    </section>
  );
}
