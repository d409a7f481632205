import { useState } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
import { FilterSelect } from '@/components/data-table';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { PageHeader } from '@/components/PageHeader';
import { SectionCard } from '@/components/SectionCard';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { useCalendarSubjects } from '@/lib/calendar/subjects';
import { subjectKey } from '@/lib/calendar/types';
import { formatDate } from '@/lib/format';
import { datesBetween, weekdayIndex } from '@/lib/calendar/dates';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { translateServerMessage } from '@/lib/i18n';
import { MAX_LISTED_SUBJECTS, useBulkMark, type BulkPresencesResult } from '../api/bulk-presences';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const WEEKDAY_SAMPLE = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/**
 * `/calendar/bulkPresences` (admin): choose an institution (and a classroom or children group), the receivers,
 * the days (listed dates or a range on chosen weekdays) and the meal types, then mark them all at once.
 */
export function BulkPresencesPage() {
  const { t, i18n } = useTranslation(['bulkPresences', 'calendar', 'routes']);
  const confirm = useConfirm();
  const [institutionId, setInstitutionId] = useState('');
  const [classroomId, setClassroomId] = useState('');
  const [childGroupId, setChildGroupId] = useState('');
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const [mode, setMode] = useState<'range' | 'dates'>('range');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [newDate, setNewDate] = useState('');
  const [dates, setDates] = useState<string[]>([]);
  const [mealTypeIds, setMealTypeIds] = useState<number[]>([]);
  const [result, setResult] = useState<BulkPresencesResult | null>(null);

  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const classrooms = useStaffOptions(OPTION_PATHS.classrooms, { institutionId }, institutionId !== '');
  const groups = useStaffOptions(OPTION_PATHS.childrenGroups);
  const mealTypes = useStaffOptions(OPTION_PATHS.mealTypes);
  const subjects = useCalendarSubjects(
    { institutionId, classroomId, childGroupId, perPage: OPTION_LIST_PER_PAGE },
    institutionId !== '' || childGroupId !== '',
  );
  const mark = useBulkMark();

  const rows = subjects.data?.items ?? [];
  const chosen = rows.filter((row) => !excluded.has(row.key));
  const rangeDays =
    dateFrom && dateTo && dateFrom <= dateTo ? datesBetween(dateFrom, dateTo).filter((date) => weekdays.includes(weekdayIndex(date) + 1)) : [];
  const dayCount = mode === 'range' ? rangeDays.length : dates.length;
  const meals = chosen.length * dayCount * (mealTypeIds.length || 1);
  const ready = chosen.length > 0 && dayCount > 0;

  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value]);
  const resetSubjects = () => {
    setExcluded(new Set());
    setResult(null);
  };

  const submit = async () => {
    const body = t('confirm', { count: meals, subjects: chosen.length, days: dayCount });
    if (!(await confirm({ title: t('confirmTitle'), body }))) return;
    const mealTypesIds = mealTypeIds.length ? mealTypeIds : null;
    const subjects = chosen.map(({ type, id }) => ({ type, id }));
    const byFilter = mode === 'range' && excluded.size === 0 && chosen.length > MAX_LISTED_SUBJECTS;
    const toId = (value: string) => (value ? Number(value) : null);
    mark.mutate(
      mode === 'dates'
        ? { kind: 'dates', dates, subjects, mealTypesIds }
        : byFilter
          ? { kind: 'range', dateFrom, dateTo, weekdays, mealTypesIds, institutionId: toId(institutionId), classroomId: toId(classroomId), childGroupId: toId(childGroupId) }
          : { kind: 'range', dateFrom, dateTo, weekdays, subjects, mealTypesIds },
      { onSuccess: setResult },
    );
  };

  return (
    <section>
      <PageHeader title={t('routes:areas.calendar_bulkPresences')} />
      <SectionCard title={t('receivers')}>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <FilterSelect
            label={t('calendar:filters.institution')}
            value={institutionId}
            options={institutions.data ?? []}
            onChange={(value) => {
              setInstitutionId(value);
              setClassroomId('');
              resetSubjects();
            }}
          />
          <FilterSelect
            label={t('calendar:filters.classroom')}
            value={classroomId}
            options={classrooms.data ?? []}
            onChange={(value) => {
              setClassroomId(value);
              resetSubjects();
            }}
          />
          <FilterSelect
            label={t('calendar:filters.childGroup')}
            value={childGroupId}
            options={groups.data ?? []}
            onChange={(value) => {
              setChildGroupId(value);
              resetSubjects();
            }}
          />
        </div>
        {institutionId === '' && childGroupId === '' ? (
          <p className="text-body-secondary mb-0">{t('chooseInstitution')}</p>
        ) : subjects.isPending ? (
          <LoadingSpinner />
        ) : subjects.isError && !subjects.data ? (
          <QueryError error={subjects.error} onRetry={subjects.refetch} />
        ) : rows.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('noReceivers')}</p>
        ) : (
          <fieldset>
            <legend className="fs-6">{t('chosenReceivers', { count: chosen.length, total: rows.length })}</legend>
            <div className="d-flex gap-2 mb-2">
              <Button size="sm" variant="outline-secondary" onClick={() => setExcluded(new Set())}>
                {t('selectAll')}
              </Button>
              <Button size="sm" variant="outline-secondary" onClick={() => setExcluded(new Set(rows.map((row) => row.key)))}>
                {t('selectNone')}
              </Button>
            </div>
            <div style={{ maxHeight: 300, overflowY: 'auto' }} className="border rounded p-2">
              {rows.map((row) => (
                <Form.Check
                  key={row.key}
                  id={`bulk-${subjectKey(row)}`}
                  label={`${row.name}${row.classroomName ? ` (${row.classroomName})` : ''}`}
                  checked={!excluded.has(row.key)}
                  onChange={() =>
                    setExcluded((current) => {
                      const next = new Set(current);
                      if (next.has(row.key)) next.delete(row.key);
                      else next.add(row.key);
                      return next;
                    })
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
      </SectionCard>

      <SectionCard title={t('days')}>
        <div className="mb-3">
          <Form.Check inline type="radio" id="bulk-mode-range" name="bulk-mode" label={t('modeRange')} checked={mode === 'range'} onChange={() => setMode('range')} />
          <Form.Check inline type="radio" id="bulk-mode-dates" name="bulk-mode" label={t('modeDates')} checked={mode === 'dates'} onChange={() => setMode('dates')} />
        </div>
        {mode === 'range' ? (
          <>
            <Row className="g-2 mb-2">
              <Col sm={6} md={3}>
                <Form.Group controlId="bulk-date-from">
                  <Form.Label>{t('dateFrom')}</Form.Label>
                  <Form.Control type="date" value={dateFrom} onChange={(event) => setDateFrom(event.target.value)} />
                </Form.Group>
              </Col>
              <Col sm={6} md={3}>
                <Form.Group controlId="bulk-date-to">
                  <Form.Label>{t('dateTo')}</Form.Label>
                  <Form.Control type="date" value={dateTo} min={dateFrom || undefined} onChange={(event) => setDateTo(event.target.value)} />
                </Form.Group>
              </Col>
            </Row>
            <fieldset>
              <legend className="fs-6">{t('weekdays')}</legend>
              {WEEKDAYS.map((weekday) => (
                <Form.Check
                  inline
                  key={weekday}
                  id={`bulk-weekday-${weekday}`}
                  label={formatDate(WEEKDAY_SAMPLE[weekday - 1]!, i18n.language, { weekday: 'long' })}
                  checked={weekdays.includes(weekday)}
                  onChange={() => setWeekdays((current) => toggle(current, weekday))}
                />
              ))}
            </fieldset>
          </>
        ) : (
          <>
            <div className="d-flex align-items-end gap-2 mb-2">
              <Form.Group controlId="bulk-new-date">
                <Form.Label>{t('date')}</Form.Label>
                <Form.Control type="date" value={newDate} onChange={(event) => setNewDate(event.target.value)} />
              </Form.Group>
              <Button
                variant="outline-primary"
                disabled={!newDate}
                onClick={() => {
                  setDates((current) => [...new Set([...current, newDate])].sort());
                  setNewDate('');
                }}
              >
                {t('addDate')}
              </Button>
            </div>
            <ul className="list-inline mb-0" aria-label={t('chosenDates')}>
              {dates.map((date) => (
                <li key={date} className="list-inline-item">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={t('removeDate', { date })}
                    onClick={() => setDates((current) => current.filter((entry) => entry !== date))}
                  >
                    {date} ×
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </SectionCard>

      <SectionCard title={t('mealTypes')}>
        <p className="small text-body-secondary">{t('mealTypesHelp')}</p>
        {(mealTypes.data ?? []).map((option) => (
          <Form.Check
            inline
            key={option.value}
            id={`bulk-meal-${option.value}`}
            label={option.text}
            checked={mealTypeIds.includes(Number(option.value))}
            onChange={() => setMealTypeIds((current) => toggle(current, Number(option.value)))}
          />
        ))}
      </SectionCard>

      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <span role="status">{ready ? t('preview', { count: meals, subjects: chosen.length, days: dayCount }) : t('previewEmpty')}</span>
        <Button size="lg" disabled={!ready || mark.isPending} onClick={() => void submit()}>
          {t('mark')}
        </Button>
      </div>
      {result && (
        <Alert variant={result.errors.length ? 'warning' : 'success'}>
          <div>{t('result', { created: result.created, skipped: result.skipped, subjects: result.subjects })}</div>
          {result.errors.length > 0 && (
            <ul className="mb-0 mt-2">
              {result.errors.map((error) => (
                <li key={`${error.type}/${error.id}`}>
                  {(rows.find((row) => row.key === `${error.type}/${error.id}`)?.name ?? `${error.type} ${error.id}`) + ': ' + translateServerMessage(error.message)}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </section>
  );
}
