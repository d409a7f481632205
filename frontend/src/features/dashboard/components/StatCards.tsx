import type { ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { formatDate, formatMoney, formatMonth } from '@/lib/format';
import { useStatistics, type InstitutionFilter } from '../api/dashboard';

function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Col>
      {/* A labelled group: "Meals ordered 12" reads as one figure, and tests find it by its name. */}
      <Card className="h-100" role="group" aria-label={label}>
        <Card.Body>
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold">{value}</div>
          {hint && <div className="small text-body-secondary">{hint}</div>}
        </Card.Body>
      </Card>
    </Col>
  );
}

/** Today's figures (tenant's timezone), whatever day the tables below show. */
export function StatCards({ institutionId }: InstitutionFilter) {
  const { t, i18n } = useTranslation('dashboard');
  const statistics = useStatistics(institutionId ? { institutionId } : {});
  if (statistics.isPending) return <LoadingSpinner />;
  if (statistics.isError && !statistics.data) return <QueryError error={statistics.error} onRetry={statistics.refetch} />;
  const data = statistics.data;
  const language = i18n.language;
  return (
    <section aria-labelledby="dashboard-today" className="mb-4">
      <h2 id="dashboard-today" className="h5">
        {t('today', { date: formatDate(data.date, language) })}
      </h2>
      <Row xs={1} sm={2} lg={4} className="g-3">
        <StatCard label={t('figures.ordered')} value={data.meals.ordered} hint={t('figures.orderedHint')} />
        <StatCard label={t('figures.served')} value={data.meals.served} />
        <StatCard label={t('figures.cancelled')} value={data.meals.cancelled} />
        <StatCard
          label={t('figures.receivers')}
          value={data.activeChildren + data.activeWorkers}
          hint={t('figures.receiversHint', { children: data.activeChildren, workers: data.activeWorkers })}
        />
        <StatCard label={t('figures.balancesTotal')} value={formatMoney(data.balancesTotal, language)} />
        <StatCard label={t('figures.debtors')} value={data.debtors} hint={t('figures.debtHint', { debt: formatMoney(data.debtTotal, language) })} />
        <StatCard
          label={t('figures.depositsMonth', { month: formatMonth(data.depositsMonth, language) })}
          value={formatMoney(data.depositsAmount, language)}
          hint={t('figures.depositsCountHint', { count: data.depositsCount })}
        />
      </Row>
    </section>
  );
}
