import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CHILD_STATUSES, type ChildStatus } from '@/lib/children/children';

const STATUS_VARIANTS: Record<ChildStatus, string> = { active: 'success', inactive: 'secondary', archived: 'dark' };

/** Active, inactive or archived (the list's `status`). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('children');
  const known = (CHILD_STATUSES as readonly string[]).includes(status) ? (status as ChildStatus) : 'active';
  return <Badge bg={STATUS_VARIANTS[known]}>{t(`statuses.${known}`)}</Badge>;
}
