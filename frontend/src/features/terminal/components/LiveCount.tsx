import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Table, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { summaryDetailsQuery, summaryQuery, type ServingQuery } from '../api/terminal';
import { loadSummaryMode, saveSummaryMode, type SummaryMode } from '../model/device-storage';
import { formatTime } from './format-time';

function SummaryTable({ serving }: { serving: ServingQuery }) {
  const { t } = useTranslation('terminal');
  const summary = useQuery(summaryQuery(serving));
  if (summary.isPending) return <LoadingSpinner />;
  if (summary.isError && !summary.data) return <QueryError error={summary.error} onRetry={summary.refetch} />;
  if (summary.data.rows.length === 0) return <EmptyState />;
  const { rows, totals } = summary.data;
  return (
    <div className="table-responsive">
      <Table bordered className="fs-5" aria-label={t('count.tableSummary')}>
        <thead>
          <tr>
            <th scope="col">{t('count.mealType')}</th>
            <th scope="col">{t('count.diet')}</th>
            <th scope="col">{t('count.portionSize')}</th>
            <th scope="col" className="text-end">{t('count.ordered')}</th>
            <th scope="col" className="text-end">{t('count.served')}</th>
            <th scope="col" className="text-end">{t('count.left')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.mealType.id}-${row.diet.id}-${row.portionSize.id}`}>
              <td>{row.mealType.name}</td>
              <td>{row.diet.name}</td>
              <td>{row.portionSize.name}</td>
              <td className="text-end">{row.ordered}</td>
              <td className="text-end">{row.served}</td>
              <td className="text-end fw-bold">{row.left}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="table-light">
            <th scope="row" colSpan={3}>{t('count.total')}</th>
            <td className="text-end fw-bold">{totals.ordered}</td>
            <td className="text-end fw-bold">{totals.served}</td>
            <td className="text-end fw-bold">{totals.left}</td>
          </tr>
        </tfoot>
      </Table>
    </div>
  );
}

const DETAILS_PER_PAGE = 50;

function DetailsTable({ serving }: { serving: ServingQuery }) {
  const { t, i18n } = useTranslation(['terminal', 'common']);
  const [page, setPage] = useState(1);
  const details = useQuery(summaryDetailsQuery(serving, page));
  if (details.isPending) return <LoadingSpinner />;
  if (details.isError && !details.data) return <QueryError error={details.error} onRetry={details.refetch} />;
  if (details.data.items.length === 0) return <EmptyState />;
  const pages = Math.max(1, Math.ceil(details.data.total / DETAILS_PER_PAGE));
  return (
    <>
      <div className="table-responsive">
        <Table bordered aria-label={t('count.tableDetails')}>
          <thead>
            <tr>
              <th scope="col">{t('count.person')}</th>
              <th scope="col">{t('count.institution')}</th>
              <th scope="col">{t('count.mealType')}</th>
              <th scope="col">{t('count.diet')}</th>
              <th scope="col">{t('count.portionSize')}</th>
              <th scope="col">{t('count.status')}</th>
            </tr>
          </thead>
          <tbody>
            {details.data.items.map((row) => (
              <tr key={`${row.subject.type}-${row.subject.id}-${row.mealType.id}`} className={row.status === 'served' ? 'table-success' : undefined}>
                <td>
                  {row.subject.firstName} {row.subject.lastName}
                </td>
                <td>
                  {row.subject.institution.name}
                  {row.subject.classroom ? ` · ${row.subject.classroom.name}` : ''}
                </td>
                <td>{row.mealType.name}</td>
                <td>{row.diet.name}</td>
                <td>{row.portionSize.name}</td>
                <td>
                  {row.status === 'served' ? (
                    <Badge bg="success">{t('count.statusServed', { time: formatTime(row.servedAt, i18n.language) })}</Badge>
                  ) : (
                    <Badge bg="secondary">{t('count.statusActive')}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {pages > 1 && (
        <div className="d-flex gap-2 align-items-center">
          <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ‹
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            ›
          </Button>
        </div>
      )}
    </>
  );
}

/** Ordered, served and left for the chosen day and meal types: a summary or per person (remembered). */
export function LiveCount({ serving }: { serving: ServingQuery }) {
  const { t } = useTranslation('terminal');
  const [mode, setMode] = useState<SummaryMode>(loadSummaryMode);
  const choose = (next: SummaryMode) => {
    saveSummaryMode(next);
    setMode(next);
  };
  return (
    <section aria-label={t('tabs.count')}>
      <ToggleButtonGroup type="radio" name="terminal-count-mode" value={mode} onChange={choose} className="mb-3" aria-label={t('count.mode')}>
        <ToggleButton id="terminal-count-summary" value="summary" variant="outline-primary">
          {t('count.summary')}
        </ToggleButton>
        <ToggleButton id="terminal-count-details" value="details" variant="outline-primary">
          {t('count.details')}
        </ToggleButton>
      </ToggleButtonGroup>
      {serving.mealTypesIds.length === 0 ? (
        <p className="text-body-secondary">{t('count.chooseMealTypes')}</p>
      ) : mode === 'summary' ? (
        <SummaryTable serving={serving} />
      ) : (
        <DetailsTable key={`${serving.date}-${serving.mealTypesIds.join(',')}`} serving={serving} />
      )}
    </section>
  );
}
