import { Alert, Form, ListGroup } from 'react-bootstrap';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import type { Page } from '@/lib/crud';
import { fetchFile, openFile } from '@/lib/files';
import { mealsMenus } from '../api/meals-menus';
import { MonthSwitcher } from '../components/MonthSwitcher';
import { formatMonth } from '@/lib/format';
import { currentMonth, isMonth } from '../components/months';
import { MenuMonthPanel } from './MenuMonthPanel';

type MenuFile = components['schemas']['MealsMenuFile'];

/** How many menus of one month a reader may choose from (one per diet or institution, in practice a few). */
const MENUS_PER_MONTH = 50;

/**
 * `/mealsMenus` for parents and workers: the month's menus of their institutions (the server only lists
 * those), with allergens; the institutions' menu files of the month too. Built for a phone first.
 */
export function CustomerMenuPage() {
  const { t, i18n } = useTranslation(['mealsMenus', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('month');
  const month = isMonth(asked) ? asked : currentMonth();
  const setMonth = (value: string) =>
    setSearchParams((params) => {
      params.set('month', value);
      params.delete('menu');
      return params;
    });
  const menus = mealsMenus.useList({ month, perPage: MENUS_PER_MONTH, sort: 'name' });
  const files = useQuery({
    queryKey: ['mealsMenusFiles', 'list', { month }],
    queryFn: async () => expectOk(await api.get<Page<MenuFile>>('mealsMenusFiles', { month, perPage: MENUS_PER_MONTH })),
  });
  // The chosen menu lives in the URL like the month, so a reload or the back button keeps it.
  const chosenId = Number(searchParams.get('menu'));
  const choose = (id: number) =>
    setSearchParams((params) => {
      params.set('menu', String(id));
      return params;
    });
  const items = menus.data?.items ?? [];
  const menu = items.find((candidate) => candidate.id === chosenId) ?? items[0];

  return (
    <section>
      <PageHeader title={t('routes:areas.mealsMenus')} />
      <div className="mb-3">
        <MonthSwitcher month={month} onChange={setMonth} />
      </div>
      {menus.isPending && <LoadingSpinner />}
      {menus.isError && <Alert variant="danger">{menus.error.message}</Alert>}
      {menus.isSuccess && items.length === 0 && (
        <p className="text-center text-body-secondary my-4">{t('customer.noMenu', { month: formatMonth(month, i18n.language) })}</p>
      )}
      {items.length > 1 && (
        <Form.Group controlId="customer-menu-choice" className="mb-3">
          <Form.Label>{t('customer.choose')}</Form.Label>
          <Form.Select value={menu?.id} onChange={(event) => choose(Number(event.target.value))}>
            {items.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.diets.map((diet) => diet.name).join(', ')})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      {menu && (
        <>
          <p className="text-body-secondary small mb-2">
            {menu.institutions.map((institution) => institution.name).join(', ')} · {t('fields.diets')}: {menu.diets.map((diet) => diet.name).join(', ')}
          </p>
          <MenuMonthPanel key={`${menu.id}-${month}`} menuId={menu.id} month={month} label={menu.name} />
        </>
      )}
      {(files.data?.items.length ?? 0) > 0 && (
        <section className="mt-4">
          <h2 className="h5">{t('customer.files')}</h2>
          <ListGroup>
            {files.data?.items.map((file) => (
              <ListGroup.Item
                key={file.id}
                action
                onClick={() =>
                  void openFile(() => fetchFile(`mealsMenusFiles/${file.id}/show`, { fallbackName: `${file.name}.${file.kind}` })).catch((error: Error) =>
                    notify({ type: 'error', message: error.message }),
                  )
                }
              >
                {file.name} <span className="text-body-secondary small">({file.institutionName})</span>
              </ListGroup.Item>
            ))}
          </ListGroup>
        </section>
      )}
    </section>
  );
}
