import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { ButtonGroup, Button, Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { formatDate, formatMoney, formatMonth } from '@/lib/format';
import { CHART_PERIODS, useChart, type ChartPeriod, type DashboardChart, type InstitutionFilter } from '../api/dashboard';
import { chartIsEmpty, chartSeries, sumOf } from '../model/chart';

// Only the parts these bar charts use, so the bundle carries no other chart type.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLORS = { ordered: '#0d6efd', served: '#198754', cancelled: '#adb5bd', deposits: '#6f42c1' };

interface DashboardChartsProps extends InstitutionFilter {
  date: string;
  period: ChartPeriod;
  onPeriod: (period: ChartPeriod) => void;
}

/** Meals and deposits per day of the chosen day's month, or per month of its year, drawn and tabulated. */
export function DashboardCharts({ date, period, onPeriod, institutionId }: DashboardChartsProps) {
  const { t } = useTranslation('dashboard');
  const chart = useChart({ date, period, ...(institutionId ? { institutionId } : {}) });
  return (
    <section aria-labelledby="dashboard-charts">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="dashboard-charts" className="h5 mb-0 me-auto">
          {t('charts.title')}
        </h2>
        <ButtonGroup aria-label={t('charts.period')}>
          {CHART_PERIODS.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={value === period ? 'primary' : 'outline-primary'}
              aria-pressed={value === period}
              onClick={() => onPeriod(value)}
            >
              {t(`charts.periods.${value}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      {chart.isPending ? (
        <LoadingSpinner />
      ) : chart.isError && !chart.data ? (
        <QueryError error={chart.error} onRetry={chart.refetch} />
      ) : chartIsEmpty(chart.data) ? (
        <p className="text-center text-body-secondary my-4">{t('charts.empty')}</p>
      ) : (
        <ChartsOf chart={chart.data} />
      )}
    </section>
  );
}

function ChartsOf({ chart }: { chart: DashboardChart }) {
  const { t, i18n } = useTranslation('dashboard');
  const series = chartSeries(chart, i18n.language);
  const span =
    chart.period === 'month' ? formatMonth(chart.dateFrom.slice(0, 7), i18n.language) : chart.dateFrom.slice(0, 4);
  const ordersTitle = t(`charts.orders.${chart.period}`, { span });
  const depositsTitle = t(`charts.deposits.${chart.period}`, { span });
  const depositsTotal = chart.points.reduce((total, point) => total + Math.round(Number(point.depositsAmount.amount) * 100), 0);
  const pointName = (pointDate: string) =>
    chart.period === 'month' ? formatDate(pointDate, i18n.language) : formatMonth(pointDate.slice(0, 7), i18n.language);
  const options = { responsive: true, maintainAspectRatio: false, animation: false as const, scales: { y: { beginAtZero: true } } };
  return (
    <>
      <Row xs={1} lg={2} className="g-3">
        <Col>
          <Card>
            <Card.Body>
              <Card.Title as="h3" className="h6">
                {ordersTitle}
              </Card.Title>
              <div style={{ height: 260 }}>
                <Bar
                  role="img"
                  aria-label={t('charts.ordersSummary', { span, ordered: sumOf(series.ordered), served: sumOf(series.served) })}
                  options={options}
                  data={{
                    labels: series.labels,
                    datasets: [
                      { label: t('figures.ordered'), data: series.ordered, backgroundColor: COLORS.ordered },
                      { label: t('figures.served'), data: series.served, backgroundColor: COLORS.served },
                      { label: t('figures.cancelled'), data: series.cancelled, backgroundColor: COLORS.cancelled },
                    ],
                  }}
                />
              </div>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card>
            <Card.Body>
              <Card.Title as="h3" className="h6">
                {depositsTitle}
              </Card.Title>
              <div style={{ height: 260 }}>
                <Bar
                  role="img"
                  aria-label={t('charts.depositsSummary', {
                    span,
                    amount: formatMoney({ amount: (depositsTotal / 100).toFixed(2), currency: 'PLN' }, i18n.language),
                    count: sumOf(series.depositsCount),
                  })}
                  options={options}
                  data={{
                    labels: series.labels,
                    datasets: [{ label: t('figures.depositsAmount'), data: series.deposits, backgroundColor: COLORS.deposits }],
                  }}
                />
              </div>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <details className="mt-2">
        <summary className="small">{t('charts.showData')}</summary>
        <div className="table-responsive">
          <Table size="sm" bordered aria-label={t('charts.dataTable', { span })}>
            <thead>
              <tr>
                <th>{t(chart.period === 'month' ? 'charts.day' : 'charts.month')}</th>
                <th className="text-end">{t('figures.ordered')}</th>
                <th className="text-end">{t('figures.served')}</th>
                <th className="text-end">{t('figures.cancelled')}</th>
                <th className="text-end">{t('figures.depositsAmount')}</th>
                <th className="text-end">{t('figures.depositsCount')}</th>
              </tr>
            </thead>
            <tbody>
              {chart.points.map((point) => (
                <tr key={point.date}>
                  <td>{pointName(point.date)}</td>
                  <td className="text-end">{point.ordered}</td>
                  <td className="text-end">{point.served}</td>
                  <td className="text-end">{point.cancelled}</td>
                  <td className="text-end">{formatMoney(point.depositsAmount, i18n.language)}</td>
                  <td className="text-end">{point.depositsCount}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </>
  );
}
