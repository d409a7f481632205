import { Card } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { mealsMenus } from '../api/meals-menus';
import { mealsMenuForm } from '../components/meals-menu-form';
import { MenuHeaderForm } from './MenuHeaderForm';

/** `/mealsMenus/create`: the header, then straight to the month editor to fill in the meals. */
export function MealsMenuCreatePage() {
  const { t } = useTranslation('mealsMenus');
  const navigate = useNavigate();
  const create = mealsMenus.useCreate();
  return (
    <section>
      <PageHeader
        title={t('createTitle')}
        actions={
          <Link to="/mealsMenus" className="btn btn-outline-secondary">
            {t('backToList')}
          </Link>
        }
      />
      <Card>
        <Card.Body>
          <MenuHeaderForm
            initial={mealsMenuForm.empty}
            label={t('createTitle')}
            submitText={t('createAndEdit')}
            pending={create.isPending}
            onSubmit={async (values) => {
              const menu = await create.mutateAsync(values);
              notify({ type: 'success', message: t('created', { name: menu.name }) });
              void navigate(`/mealsMenus/${menu.id}/edit`);
            }}
          />
        </Card.Body>
      </Card>
    </section>
  );
}
