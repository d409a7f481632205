import type { TFunction } from 'i18next';

/** A group's label: a classroom's or a worker group's name, or "Workers" for the workers without a group. */
export function groupName(group: { kind: string; name?: string | null }, t: TFunction): string {
  if (group.kind === 'workers') return t('mealsToRelease:workers');
  if (group.kind === 'workersGroup') return t('mealsToRelease:workersGroup', { name: group.name });
  return group.name ?? '';
}
