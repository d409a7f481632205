import { Card, Col, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { useReportsCatalogue, type ReportType } from '../api/reports';
import { ReportForm } from '../components/ReportForm';

/**
 * `/reports` (admin, institutions admin, report manager): the catalogue of reports; the chosen one (`?report=`, the
 * first by default) with its criteria, its downloads, its print and sending it by e-mail.
 */
export function ReportsPage() {
  const { t } = useTranslation(['reports', 'routes']);
  const catalogue = useReportsCatalogue();
  const [searchParams, setSearchParams] = useSearchParams();

  return (
    <section>
      <PageHeader title={t('routes:areas.reports')} />
      <QueryState query={catalogue}>
        {() => {
          const reports: ReportType[] = catalogue.data ?? [];
          const chosen = reports.find((report) => report.code === searchParams.get('report')) ?? reports[0];
          if (!chosen) return <p>{t('empty')}</p>;
          return (
            <Row className="g-3">
              <Col xs={12} lg={3}>
                <ListGroup as="nav" aria-label={t('catalogue')}>
                  {reports.map((report) => (
                    <ListGroup.Item
                      key={report.code}
                      action
                      active={report.code === chosen.code}
                      aria-current={report.code === chosen.code ? 'page' : undefined}
                      onClick={() => setSearchParams({ report: report.code })}
                    >
                      {report.title}
                    </ListGroup.Item>
                  ))}
                </ListGroup>
              </Col>
              <Col xs={12} lg={9}>
                <Card body>
                  <h2 className="h4">{chosen.title}</h2>
                  <p className="text-body-secondary">{chosen.description}</p>
                  <ReportForm key={chosen.code} report={chosen} />
                </Card>
              </Col>
            </Row>
          );
        }}
      </QueryState>
    </section>
  );
}
