import { useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDate } from '@/lib/format';
import { useDayRecords, useGrouped, useNearest, useReplaceReleases } from '../api/daily-meals-releases';
import { formRows, parseQuantity, type PrefillSource, type ReleaseFormRow } from '../model/release-form';

/**
 * `/dailyMealsReleases/create` (admin): choose a day and an institution; the form lists the day's meal types and
 * diets with the ordered counts, prefilled with what the day recorded already, else with the ordered counts, or on
 * demand with the nearest earlier day's releases. Saving replaces the institution's whole day.
 */
export function DailyMealsReleaseCreatePage() {
  const { t } = useTranslation(['dailyMealsReleases', 'routes', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') || todayIso();
  const institutionId = searchParams.get('institutionId') ?? '';
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const setFilter = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  return (
    <section>
      <PageHeader title={t('createTitle')} />
      <p className="text-body-secondary">{t('createIntro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.date')} value={date} onChange={(value) => setFilter('date', value)} />
        <FilterSelect
          label={t('fields.institution')}
          value={institutionId}
          options={institutions.data ?? []}
          onChange={(value) => setFilter('institutionId', value)}
          emptyLabel={t('common:multiSelect.placeholder')}
        />
      </div>
      {institutionId ? (
        <ReleaseDayForm key={`${date}-${institutionId}`} date={date} institutionId={Number(institutionId)} />
      ) : (
        <p className="text-center text-body-secondary my-4">{t('chooseInstitution')}</p>
      )}
    </section>
  );
}

function ReleaseDayForm({ date, institutionId }: { date: string; institutionId: number }) {
  const { t, i18n } = useTranslation('dailyMealsReleases');
  const navigate = useNavigate();
  const filters = { date, institutionsIds: String(institutionId) };
  const grouped = useGrouped(filters);
  const nearest = useNearest(filters);
  const records = useDayRecords(date, institutionId);
  const portionSizes = useStaffOptions('portionSizes/options');
  const replace = useReplaceReleases();
  const [edited, setEdited] = useState<{ rows: ReleaseFormRow[]; source: PrefillSource } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (grouped.isPending || records.isPending) return <LoadingSpinner />;
  if (grouped.isError) return <QueryError error={grouped.error} onRetry={grouped.refetch} />;
  if (records.isError) return <QueryError error={records.error} onRetry={records.refetch} />;
  const day = grouped.data.institutions[0];
  const nearestDay = nearest.data?.institutions[0];
  const form = edited ?? formRows(day, undefined, records.data);
  const invalid = form.rows.some((row) => parseQuantity(row.quantity) === null);

  const setField = (index: number, change: Partial<Pick<ReleaseFormRow, 'quantity' | 'portionSizeId' | 'note'>>) =>
    setEdited({ ...form, rows: form.rows.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  const save = () => {
    setError(null);
    replace.mutate(
      {
        date,
        institutionId,
        rows: form.rows.map((row) => ({
          mealTypeId: row.mealTypeId,
          dietId: row.dietId,
          portionSizeId: row.portionSizeId ? Number(row.portionSizeId) : null,
          quantity: parseQuantity(row.quantity) ?? 0,
          note: row.note.trim(),
        })),
      },
      {
        onSuccess: () => {
          notify({ type: 'success', message: t('saved') });
          void navigate(`/dailyMealsReleases?date=${date}&institutionId=${institutionId}`);
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('saveFailed')),
      },
    );
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <p className="small text-body-secondary">{t(`source.${form.source}`)}</p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" size="sm" onClick={() => setEdited(formRows(day && { ...day, recorded: false }))}>
          {t('fillOrdered')}
        </Button>
        {nearest.data?.dateFrom && nearestDay ? (
          <Button variant="outline-secondary" size="sm" onClick={() => setEdited(formRows(day, nearestDay))}>
            {t('fillNearest', { date: formatDate(nearest.data.dateFrom, i18n.language) })}
          </Button>
        ) : null}
      </div>
      {form.rows.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('nothingOrdered')}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered aria-label={t('formTable')}>
            <thead>
              <tr>
                <th>{t('fields.mealType')}</th>
                <th>{t('fields.diet')}</th>
                <th className="text-end">{t('fields.ordered')}</th>
                <th style={{ width: 160 }}>{t('fields.released')}</th>
                <th style={{ width: 200 }}>{t('fields.portionSize')}</th>
                <th>{t('fields.note')}</th>
              </tr>
            </thead>
            <tbody>
              {form.rows.map((row, index) => {
                const names = { mealType: row.mealTypeName, diet: row.dietName };
                const label = t('quantityOf', names);
                const bad = parseQuantity(row.quantity) === null;
                return (
                  <tr key={`${row.mealTypeId}-${row.dietId}-${index}`}>
                    <td>{row.mealTypeName}</td>
                    <td>{row.dietName}</td>
                    <td className="text-end">{row.ordered ?? ''}</td>
                    <td>
                      <Form.Control
                        size="sm"
                        inputMode="numeric"
                        aria-label={label}
                        value={row.quantity}
                        isInvalid={bad}
                        onChange={(event) => setField(index, { quantity: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">{t('quantityInvalid')}</Form.Control.Feedback>
                    </td>
                    <td>
                      <Form.Select
                        size="sm"
                        aria-label={t('portionSizeOf', names)}
                        value={row.portionSizeId}
                        onChange={(event) => setField(index, { portionSizeId: event.target.value })}
                      >
                        <option value="">{t('anyPortionSize')}</option>
                        {(portionSizes.data ?? []).map((option) => (
                          <option key={option.value} value={String(option.value)}>
                            {option.text}
                          </option>
                        ))}
                      </Form.Select>
                    </td>
                    <td>
                      <Form.Control
                        size="sm"
                        maxLength={500}
                        aria-label={t('noteOf', names)}
                        value={row.note}
                        onChange={(event) => setField(index, { note: event.target.value })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </div>
      )}
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={invalid || replace.isPending}>
          {t('save')}
        </Button>
        <Link to={`/dailyMealsReleases?date=${date}`} className="btn btn-secondary">
          {t('cancel')}
        </Link>
      </div>
    </Form>
  );
}
