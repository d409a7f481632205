import { useTranslation } from 'react-i18next';
import { useConfirmedRemove } from '@/components/crud';
import { childrenGroups, type ChildrenGroup } from '../api/children-groups';

/** Deleting a group with children is allowed (they become ungrouped): the question says how many. */
export function useRemoveChildrenGroup(): (group: ChildrenGroup) => Promise<boolean> {
  const { t } = useTranslation('childrenGroups');
  const remove = useConfirmedRemove(childrenGroups);
  return (group) =>
    remove(group.id, group.name, group.childrenCount > 0 ? t('removeWithMembers', { name: group.name, count: group.childrenCount }) : undefined);
}
