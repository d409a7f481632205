import { useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '@/components/confirm-context';
import { parseRouteId, useAskRemoval } from '@/components/crud';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { useSession } from '@/lib/session/session-context';
import { downloadOrderConfirmation } from '../api/order-files';
import { useCancelOrder, useCancelOrderItem, useOrder, useRemoveOrder, type OrderItem } from '@/lib/orders/orders';
import { CreateSimilarModal } from '../components/CreateSimilarModal';
import { formatDateTime, formatDate, formatMoney } from '@/lib/format';
import { StatusBadge } from '../components/StatusBadge';

/** `/orders/:orderId`: the order and its meals; cancel a meal or the order, copy it, order it again on other days. */
export function OrderDetailsPage() {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const language = i18n.language;
  const orderId = parseRouteId(useParams().orderId);
  const order = useOrder(orderId);
  const { user } = useSession();
  const abilities = user?.abilities ?? [];
  const isStaff = abilities.includes('orders.view') && !user?.roles.includes('ROLE_PARENT');
  const canCreate = abilities.includes('orders.create');
  const canEdit = abilities.includes('orders.edit');
  const confirm = useConfirm();
  const askRemoval = useAskRemoval();
  const cancelOrder = useCancelOrder();
  const cancelItem = useCancelOrderItem();
  const removeOrder = useRemoveOrder();
  const navigate = useNavigate();
  const [similar, setSimilar] = useState(false);

  if (orderId === null || order.isError) return <Alert variant="warning">{t('notFound')}</Alert>;
  if (!order.data) return <LoadingSpinner />;
  const data = order.data;
  const cancellable = data.items.some((item) => item.canCancel);

  const mealName = (item: OrderItem) => `${item.mealType.name} (${item.subject.name})`;
  const onCancelItem = async (item: OrderItem) => {
    const names = { meal: mealName(item), date: formatDate(item.date, language) };
    if (!(await confirm({ body: t('confirmCancelItem', names), variant: 'danger' }))) return;
    await cancelItem.mutateAsync({ orderId: data.id, itemId: item.rowId });
    notify({ type: 'success', message: t('cancelled') });
  };
  const onCancelOrder = async () => {
    if (!(await confirm({ body: t('confirmCancelOrder'), variant: 'danger' }))) return;
    await cancelOrder.mutateAsync(data.id);
    notify({ type: 'success', message: t('cancelled') });
  };
  const onConfirmation = () =>
    void downloadOrderConfirmation(data.id).catch(() => notify({ type: 'error', message: t('confirmationFailed') }));
  const onRemove = async () => {
    if (!(await askRemoval(t('confirmRemove')))) return;
    await removeOrder.mutateAsync(data.id);
    notify({ type: 'success', message: t('removed') });
    void navigate('/orders');
  };

  return (
    <section>
      <PageHeader
        title={t('title', { id: data.id })}
        actions={
          <>
            <Button variant="outline-secondary" onClick={onConfirmation}>
              {t('confirmation')}
            </Button>
            {cancellable && (
              <Button variant="outline-danger" onClick={() => void onCancelOrder()} disabled={cancelOrder.isPending}>
                {t('cancelOrder')}
              </Button>
            )}
            {canCreate && (
              <>
                <Button variant="outline-primary" onClick={() => setSimilar(true)}>
                  {t('similar.open')}
                </Button>
                <Link className="btn btn-outline-primary" to={`/orders/create/${data.id}`}>
                  {t('copy')}
                </Link>
              </>
            )}
            {canEdit && (
              <>
                <Link className="btn btn-outline-primary" to={`/orders/${data.id}/edit`}>
                  {t('edit')}
                </Link>
                <Button variant="outline-danger" onClick={() => void onRemove()} disabled={removeOrder.isPending}>
                  {t('remove')}
                </Button>
              </>
            )}
          </>
        }
      />
      {isStaff && (
        <p>
          <Link to="/orders">{t('back')}</Link>
        </p>
      )}
      <dl className="row mb-3">
        <dt className="col-sm-3">{t('fields.payer')}</dt>
        <dd className="col-sm-9">{data.payer.name}</dd>
        <dt className="col-sm-3">{t('fields.status')}</dt>
        <dd className="col-sm-9">
          <StatusBadge status={data.status} /> <span className="ms-2">{t(`kind.${data.kind}`)}</span>
        </dd>
        <dt className="col-sm-3">{t('fields.createdAt')}</dt>
        <dd className="col-sm-9">
          {formatDateTime(data.createdAt, language)}
          {data.createdBy && ` (${data.createdBy.name})`}
        </dd>
        {data.note && (
          <>
            <dt className="col-sm-3">{t('fields.note')}</dt>
            <dd className="col-sm-9">{data.note}</dd>
          </>
        )}
        {data.grossAmount && (
          <>
            <dt className="col-sm-3">{t('fields.amount')}</dt>
            <dd className="col-sm-9">{formatMoney(data.grossAmount, language)}</dd>
          </>
        )}
      </dl>
      <div className="table-responsive">
        <Table striped hover size="sm" aria-label={t('items')}>
          <thead>
            <tr>
              <th>{t('fields.date')}</th>
              <th>{t('fields.receiver')}</th>
              <th>{t('fields.mealType')}</th>
              <th>{t('fields.diet')}</th>
              <th>{t('fields.portionSize')}</th>
              <th className="text-end">{t('fields.unitPrice')}</th>
              <th className="text-end">{t('fields.discount')}</th>
              <th className="text-end">{t('fields.price')}</th>
              <th>{t('fields.status')}</th>
              <th>{t('fields.note')}</th>
              <th>
                <span className="visually-hidden">{t('common:table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.rowId}>
                <td className="text-nowrap">{formatDate(item.date, language)}</td>
                <td>{item.subject.name}</td>
                <td>{item.mealType.name}</td>
                <td>{item.diet.name}</td>
                <td>{item.portionSize.name}</td>
                <td className="text-end text-nowrap">{formatMoney(item.unitPrice, language)}</td>
                <td className="text-end">{Number(item.discountPercent) > 0 ? `${item.discountPercent}%` : '—'}</td>
                <td className="text-end text-nowrap">{formatMoney(item.price, language)}</td>
                <td>
                  <StatusBadge status={item.status} />
                  {item.status === 'served' && item.servedAt && (
                    <div className="small text-body-secondary text-nowrap">{t('servedAt', { time: formatDateTime(item.servedAt, language) })}</div>
                  )}
                </td>
                <td>{item.note}</td>
                <td className="text-end">
                  {item.canCancel && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={t('cancelItemNamed', { meal: mealName(item), date: formatDate(item.date, language) })}
                      onClick={() => void onCancelItem(item)}
                    >
                      {t('cancelItem')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {canCreate && <CreateSimilarModal orderId={data.id} show={similar} onClose={() => setSimilar(false)} />}
    </section>
  );
}
