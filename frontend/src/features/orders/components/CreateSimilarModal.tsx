import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '@/components/toasts/toast-store';
import { useCreateSimilar } from '@/lib/orders/orders';
import { DatesPicker } from './DatesPicker';

/** The order's meals again on other days, as a new order; opens the new order when done. */
export function CreateSimilarModal({ orderId, show, onClose }: { orderId: number; show: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const [dates, setDates] = useState<string[]>([]);
  const createSimilar = useCreateSimilar();
  const navigate = useNavigate();
  const titleId = useId();
  const submit = async () => {
    const { id } = await createSimilar.mutateAsync({ id: orderId, dates });
    notify({ type: 'success', message: t('similar.done', { id }) });
    setDates([]);
    onClose();
    void navigate(`/orders/${id}`);
  };
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>{t('similar.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DatesPicker value={dates} onChange={setDates} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button onClick={() => void submit()} disabled={dates.length === 0 || createSimilar.isPending}>
          {t('similar.submit')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
