import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/data-table';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';

interface FilterState {
  filters: Record<string, string | undefined>;
  setFilter: (name: string, value: string) => void;
}

/**
 * The staff's filters over meal receivers (institution → its classrooms, children group, child or worker),
 * kept in the URL by the page's table state. Shared by the subjects calendar and the users' presences.
 */
export function SubjectFilters({ table }: { table: FilterState }) {
  const { t } = useTranslation('calendar');
  const institutionId = table.filters.institutionId ?? '';
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const classrooms = useStaffOptions(OPTION_PATHS.classrooms, institutionId ? { institutionId } : {});
  const groups = useStaffOptions(OPTION_PATHS.childrenGroups);
  return (
    <>
      <FilterSelect
        label={t('filters.institution')}
        value={institutionId}
        options={institutions.data ?? []}
        onChange={(value) => table.setFilter('institutionId', value)}
      />
      <FilterSelect
        label={t('filters.classroom')}
        value={table.filters.classroomId ?? ''}
        options={classrooms.data ?? []}
        onChange={(value) => table.setFilter('classroomId', value)}
      />
      <FilterSelect
        label={t('filters.childGroup')}
        value={table.filters.childGroupId ?? ''}
        options={groups.data ?? []}
        onChange={(value) => table.setFilter('childGroupId', value)}
      />
      <FilterSelect
        label={t('filters.type')}
        value={table.filters.type ?? ''}
        options={[
          { value: 'child', text: t('subjectTypes.child') },
          { value: 'institution_worker', text: t('subjectTypes.institution_worker') },
        ]}
        onChange={(value) => table.setFilter('type', value)}
      />
    </>
  );
}
