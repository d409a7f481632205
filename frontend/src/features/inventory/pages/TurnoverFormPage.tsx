import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { incomeForm, outcomeForm } from '../components/turnover-forms';

/** `/inventory/incomes/create`, `/inventory/incomes/{id}/edit`: a delivery. */
export function IncomeFormPage() {
  const { t } = useTranslation('inventory');
  const id = parseRouteId(useParams().id);
  return <EntityFormPage form={incomeForm} id={id} title={id === null ? t('createIncome') : t('editIncome')} backTo="/inventory/incomes" />;
}

/** `/inventory/outcomes/create`, `/inventory/outcomes/{id}/edit`: an issue to production, waste or other. */
export function OutcomeFormPage() {
  const { t } = useTranslation('inventory');
  const id = parseRouteId(useParams().id);
  return <EntityFormPage form={outcomeForm} id={id} title={id === null ? t('createOutcome') : t('editOutcome')} backTo="/inventory/outcomes" />;
}
