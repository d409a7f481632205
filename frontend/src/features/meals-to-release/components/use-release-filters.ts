import { useSearchParams } from 'react-router';
import { addDays, todayIso } from '@/lib/calendar/dates';
import type { ReleaseNarrowing } from '../api/meals-to-release';

/** The filters of the meals-to-release pages, kept in the URL: a day (tomorrow unless chosen) or a period, a kitchen,
 * an institution. */
export function useReleaseFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tomorrow = addDays(todayIso(), 1);
  const date = searchParams.get('date') || tomorrow;
  const dateFrom = searchParams.get('dateFrom') || tomorrow;
  const dateTo = searchParams.get('dateTo') || addDays(dateFrom, 6);
  const kitchenId = searchParams.get('kitchenId') ?? '';
  const institutionId = searchParams.get('institutionId') ?? '';
  const narrowing: ReleaseNarrowing = {
    ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}),
    ...(institutionId ? { institutionsIds: institutionId } : {}),
  };
  const setFilter = (name: string, value: string, resetPage = true) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      if (resetPage && name !== 'page') next.delete('page');
      return next;
    });
  return { searchParams, date, dateFrom, dateTo, kitchenId, institutionId, narrowing, setFilter };
}
