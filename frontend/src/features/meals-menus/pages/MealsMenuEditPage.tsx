import { useState } from 'react';
import { Accordion, Alert, Button, Card } from 'react-bootstrap';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '@/components/crud';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { mealsMenus, useCopyItems, useMonthData, useUpdateParts, type MealsMenu } from '../api/meals-menus';
import { CopyDaysModal } from '../components/CopyDaysModal';
import { CreateSimilarModal } from '../components/CreateSimilarModal';
import { MenuEditorGrid } from '../components/MenuEditorGrid';
import { toMenuValues } from '../components/meals-menu-form';
import { MonthSwitcher } from '../components/MonthSwitcher';
import { initialMonth, monthOf } from '../components/months';
import { PrintActions } from '../components/PrintActions';
import { MenuHeaderForm } from './MenuHeaderForm';

/** `/mealsMenus/:mealsMenuId/edit`: the header, and the month grid where meals are picked and copied. */
export function MealsMenuEditPage() {
  const { t } = useTranslation('mealsMenus');
  const id = parseRouteId(useParams().mealsMenuId);
  const menu = mealsMenus.useDetail(id);
  if (id === null) return <Alert variant="warning">{t('notFound')}</Alert>;
  return (
    <section>
      <QueryState query={menu}>{() => (menu.data ? <MenuEditor menu={menu.data} /> : null)}</QueryState>
    </section>
  );
}

function MenuEditor({ menu }: { menu: MealsMenu }) {
  const { t } = useTranslation('mealsMenus');
  const [searchParams, setSearchParams] = useSearchParams();
  const month = initialMonth(menu.dateFrom, menu.dateTo, searchParams.get('month'));
  const setMonth = (value: string) =>
    setSearchParams((params) => {
      params.set('month', value);
      return params;
    });
  const data = useMonthData(menu.id, month);
  const updateParts = useUpdateParts();
  const copy = useCopyItems();
  const [dialog, setDialog] = useState<'copyDays' | 'similar' | null>(null);

  return (
    <>
      <PageHeader
        title={menu.name}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => setDialog('copyDays')}>
              {t('copy.daysAction')}
            </Button>
            <Button variant="outline-secondary" onClick={() => setDialog('similar')}>
              {t('similar.action')}
            </Button>
            <Link to="/mealsMenus" className="btn btn-outline-secondary">
              {t('backToList')}
            </Link>
          </>
        }
      />
      <Accordion className="mb-3">
        <Accordion.Item eventKey="header">
          <Accordion.Header as="h2">{t('editor.details')}</Accordion.Header>
          <Accordion.Body>
            <MenuHeaderForm
              key={menu.updatedAt}
              initial={toMenuValues(menu)}
              label={t('editor.details')}
              submitText={t('common:save')}
              pending={updateParts.isPending}
              onSubmit={async (values) => {
                await updateParts.mutateAsync({ id: menu.id, body: values });
                notify({ type: 'success', message: t('common:crud.saved') });
              }}
            />
          </Accordion.Body>
        </Accordion.Item>
      </Accordion>
      <Card>
        <Card.Header className="d-flex flex-wrap justify-content-between align-items-center gap-2">
          <MonthSwitcher month={month} onChange={setMonth} min={monthOf(menu.dateFrom)} max={monthOf(menu.dateTo)} />
          <PrintActions menu={menu} month={month} />
        </Card.Header>
        <Card.Body className="p-0 p-sm-2">
          {data.isPending && <LoadingSpinner />}
          {data.isError && <Alert variant="danger">{data.error.message}</Alert>}
          {data.isSuccess && <MenuEditorGrid menuId={menu.id} data={data.data} />}
        </Card.Body>
      </Card>
      {dialog === 'copyDays' && (
        <CopyDaysModal
          menuFrom={menu.dateFrom}
          menuTo={menu.dateTo}
          pending={copy.isPending}
          onClose={() => setDialog(null)}
          onCopy={async (values) => {
            const result = await copy.mutateAsync({ id: menu.id, command: { kind: 'copyDaysItems', body: values } });
            notify({ type: 'success', message: t('copy.done', { count: result.copiedItems }) });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'similar' && <CreateSimilarModal source={menu} onClose={() => setDialog(null)} />}
    </>
  );
}
