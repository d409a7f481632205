import { Nav, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TablePagination } from '@/components/data-table/TablePagination';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { PRESENCE_MODES, usePresences, type InstitutionFilter, type PresenceMode } from '../api/dashboard';

interface PresencesListProps extends InstitutionFilter {
  date: string;
  mode: PresenceMode;
  page: number;
  perPage: number;
  onMode: (mode: PresenceMode) => void;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** The day's receivers in one presence mode (tabs), paged, with the day's meals of each. */
export function PresencesList({ date, mode, page, perPage, institutionId, onMode, onPage, onPerPage }: PresencesListProps) {
  const { t } = useTranslation('dashboard');
  const presences = usePresences({ date, mode, page, perPage, ...(institutionId ? { institutionId } : {}) });
  return (
    <section aria-labelledby="dashboard-presences" className="mb-4">
      <h2 id="dashboard-presences" className="h5">
        {t('presences.title')}
      </h2>
      <Nav variant="tabs" role="tablist" className="mb-2">
        {PRESENCE_MODES.map((value) => (
          <Nav.Item key={value}>
            <Nav.Link as="button" role="tab" aria-selected={value === mode} active={value === mode} onClick={() => onMode(value)}>
              {t(`presences.modes.${value}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div role="tabpanel" aria-label={t(`presences.modes.${mode}`)}>
        {presences.isPending ? (
          <LoadingSpinner />
        ) : presences.isError && !presences.data ? (
          <QueryError error={presences.error} onRetry={presences.refetch} />
        ) : presences.data.total === 0 ? (
          <p className="text-center text-body-secondary my-4">{t(`presences.empty.${mode}`)}</p>
        ) : (
          <>
            <div className="table-responsive">
              <Table size="sm" bordered hover aria-label={t('presences.table', { mode: t(`presences.modes.${mode}`) })}>
                <thead>
                  <tr>
                    <th>{t('fields.name')}</th>
                    <th>{t('fields.receiver')}</th>
                    <th>{t('fields.institution')}</th>
                    <th>{t('fields.classroom')}</th>
                    {mode !== 'not_ordered' && <th>{t('fields.meals')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {presences.data.items.map((row) => (
                    <tr key={`${row.type}-${row.id}`}>
                      <td>{`${row.lastName} ${row.firstName}`}</td>
                      <td>{t(`receivers.${row.type}`)}</td>
                      <td>{row.institution.name}</td>
                      <td>{row.classroom ?? '—'}</td>
                      {mode !== 'not_ordered' && (
                        <td>
                          {row.meals
                            .map((meal) => (meal.status === 'served' ? t('presences.servedMeal', { name: meal.mealType.name }) : meal.mealType.name))
                            .join(', ')}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <TablePagination
              id="dashboard-presences"
              page={presences.data.page}
              perPage={presences.data.perPage}
              total={presences.data.total}
              onPage={onPage}
              onPerPage={onPerPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
