import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { automatedReportForm } from '../components/automated-report-form';

/** `/automatedReports/create/:automatedReportId?` (a new report, or a copy of that one) and `/automatedReports/:automatedReportId/edit`. */
export function AutomatedReportFormPage({ edit = false }: { edit?: boolean }) {
  const { t } = useTranslation('automatedReports');
  const id = parseRouteId(useParams().automatedReportId);
  const title = edit ? t('titles.edit') : id !== null ? t('titles.copy') : t('titles.create');
  return (
    <EntityFormPage
      form={automatedReportForm}
      id={edit ? id : null}
      copyOf={edit ? null : id}
      title={title}
      backTo="/automatedReports"
    />
  );
}
