import { useTranslation } from 'react-i18next';
import type { Announcement } from '../api/announcements';

/** Who an announcement is for, in a few words (the administrator's list). */
export function AudienceSummary({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation(['announcements', 'common']);
  const parts: string[] = [];
  if (announcement.recipientsListId !== null) parts.push(t('audience.listNamed', { name: announcement.recipientsListName ?? '' }));
  if (announcement.everyone) parts.push(t('audience.everyone'));
  if (announcement.institutionIds.length > 0) parts.push(t('audience.institutions', { count: announcement.institutionIds.length }));
  if (announcement.classroomIds.length > 0) parts.push(t('audience.classrooms', { count: announcement.classroomIds.length }));
  if (announcement.roles.length > 0) parts.push(announcement.roles.map((role) => t(`common:roles.${role}`)).join(', '));
  return <span className="small">{parts.join('; ')}</span>;
}
