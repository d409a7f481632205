import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { subjectsMonthQuery } from '../api/subjects-month';
import type { SubjectType } from '@/lib/calendar/types';
import { CalendarBoard } from '../components/CalendarBoard';
import { monthOf, todayIso } from '@/lib/calendar/dates';

const SUBJECT_TYPES: readonly SubjectType[] = ['child', 'institution_worker'];

/** `/calendar/presences/:subjectType/:subjectId`: one receiver's month for staff, who may override the cut-off. */
export function ChildPresencesPage() {
  const { t } = useTranslation(['calendar', 'routes']);
  const params = useParams();
  const type = SUBJECT_TYPES.find((candidate) => candidate === params.subjectType) ?? 'child';
  const id = Number(params.subjectId);
  const subject = { type, id };
  // The board asks the same (one subject, this month): one request serves both.
  const month = useQuery({ ...subjectsMonthQuery([subject], monthOf(todayIso())), enabled: Number.isInteger(id) && id > 0 });
  const info = month.data?.[0]?.subject;
  const name = info?.name ?? '';

  return (
    <section>
      <PageHeader
        title={name ? `${t('routes:areas.calendar_presences')}: ${name}` : t('routes:areas.calendar_presences')}
        actions={<Link to="/calendar/subjects">{t('backToSubjects')}</Link>}
      />
      {info && <p className="text-body-secondary">{[info.institutionName, info.classroomName, info.dietName].filter(Boolean).join(' · ')}</p>}
      <p className="small text-body-secondary">{t('staffOverrideHint')}</p>
      <CalendarBoard receivers={[{ ...subject, name }]} staff />
    </section>
  );
}
