import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ReturnRequestState } from '../api/return-requests';

const VARIANT: Record<ReturnRequestState, string> = { pending: 'warning', accepted: 'primary', paid: 'success', cancelled: 'secondary' };

export function StateBadge({ state }: { state: ReturnRequestState }) {
  const { t } = useTranslation('returnRequests');
  return (
    <Badge bg={VARIANT[state]} text={state === 'pending' ? 'dark' : undefined}>
      {t(`states.${state}`)}
    </Badge>
  );
}
