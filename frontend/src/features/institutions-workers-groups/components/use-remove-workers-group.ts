import { useTranslation } from 'react-i18next';
import { useConfirmedRemove } from '@/components/crud';
import { workersGroups, type WorkersGroup } from '../api/workers-groups';

/** Deleting a group with members is allowed (they become ungrouped): the question says how many. */
export function useRemoveWorkersGroup(): (group: WorkersGroup) => Promise<boolean> {
  const { t } = useTranslation('institutionsWorkersGroups');
  const remove = useConfirmedRemove(workersGroups);
  return (group) =>
    remove(group.id, group.name, group.membersCount > 0 ? t('removeWithMembers', { name: group.name, count: group.membersCount }) : undefined);
}
