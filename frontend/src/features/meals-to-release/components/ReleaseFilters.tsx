import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';

interface ReleaseFiltersProps {
  /** The date fields (a day, or a period's two ends). */
  dates: { label: string; value: string; name: string }[];
  kitchenId: string;
  institutionId: string;
  setFilter: (name: string, value: string) => void;
  actions?: ReactNode;
}

/** The day (or period), kitchen and institution filters of the meals-to-release pages, with the page's actions. */
export function ReleaseFilters({ dates, kitchenId, institutionId, setFilter, actions }: ReleaseFiltersProps) {
  const { t } = useTranslation('mealsToRelease');
  const kitchens = useStaffOptions('kitchens/options');
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end mb-3 d-print-none">
      {dates.map((field) => (
        <FilterDate key={field.name} label={field.label} value={field.value} onChange={(value) => setFilter(field.name, value)} />
      ))}
      <FilterSelect label={t('fields.kitchen')} value={kitchenId} options={kitchens.data ?? []} onChange={(value) => setFilter('kitchenId', value)} />
      <FilterSelect
        label={t('fields.institution')}
        value={institutionId}
        options={institutions.data ?? []}
        onChange={(value) => setFilter('institutionId', value)}
      />
      {actions && <div className="ms-auto d-flex gap-2">{actions}</div>}
    </div>
  );
}
