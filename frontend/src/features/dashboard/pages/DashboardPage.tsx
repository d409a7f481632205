import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PER_PAGE, FilterDate, FilterSelect } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { CHART_PERIODS, PRESENCE_MODES, type ChartPeriod, type PresenceMode } from '../api/dashboard';
import { DashboardCharts } from '../components/DashboardCharts';
import { PresencesList } from '../components/PresencesList';
import { StatCards } from '../components/StatCards';
import { TotalsTable } from '../components/TotalsTable';

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/**
 * `/dashboard` (admin, institutions admin): today's figures, then for the chosen day (today unless chosen) the meals
 * per institution, meal type and diet and the receivers by presence, and the charts of that day's month or year. An
 * institution filter narrows all of it (an institutions admin's options are their own institutions). The filters
 * live in the URL.
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') || todayIso();
  const institution = searchParams.get('institutionId') ?? '';
  const institutionId = institution ? Number(institution) : undefined;
  const modeParam = searchParams.get('mode') as PresenceMode | null;
  const mode = modeParam && PRESENCE_MODES.includes(modeParam) ? modeParam : 'present';
  const periodParam = searchParams.get('period') as ChartPeriod | null;
  const period = periodParam && CHART_PERIODS.includes(periodParam) ? periodParam : 'month';
  const page = positive(searchParams.get('page'), 1);
  const perPage = positive(searchParams.get('perPage'), DEFAULT_PER_PAGE);
  const institutions = useStaffOptions(OPTION_PATHS.institutions);

  /** Sets URL values ('' removes one); a change of what is listed goes back to the first page. */
  const setParams = (values: Record<string, string>, keepPage = false) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (!keepPage) next.delete('page');
      return next;
    });

  return (
    <section>
      <PageHeader title={t('routes:areas.dashboard')} />
      <StatCards institutionId={institutionId} />
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.date')} value={date} onChange={(value) => setParams({ date: value })} />
        <FilterSelect
          label={t('fields.institution')}
          value={institution}
          options={institutions.data ?? []}
          onChange={(value) => setParams({ institutionId: value })}
        />
      </div>
      <TotalsTable date={date} institutionId={institutionId} />
      <PresencesList
        date={date}
        mode={mode}
        page={page}
        perPage={perPage}
        institutionId={institutionId}
        onMode={(value) => setParams({ mode: value })}
        onPage={(value) => setParams({ page: String(value) }, true)}
        onPerPage={(value) => setParams({ perPage: String(value) })}
      />
      <DashboardCharts date={date} period={period} institutionId={institutionId} onPeriod={(value) => setParams({ period: value }, true)} />
    </section>
  );
}
