import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { OrderItemStatus } from '@/lib/orders/orders';

const VARIANTS: Record<OrderItemStatus, string> = { active: 'success', cancelled: 'secondary', served: 'primary' };

/** An order's or a meal's status: active, cancelled or served. */
export function StatusBadge({ status }: { status: OrderItemStatus }) {
  const { t } = useTranslation('orders');
  return <Badge bg={VARIANTS[status]}>{t(`status.${status}`)}</Badge>;
}
