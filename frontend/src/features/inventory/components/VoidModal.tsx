import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import { useVoidTurnover, type InventoryTurnover } from '../api/inventory';

const REASON_MAX = 500;

/** Voiding a row asks why (kept with the row); the row stays listed, struck out, and leaves the stock. */
export function VoidModal({ row, onClose }: { row: InventoryTurnover | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const voiding = useVoidTurnover();

  const submit = async () => {
    if (!row) return;
    if (!reason.trim()) {
      setError(t('common:validation.required'));
      return;
    }
    try {
      await voiding.mutateAsync({ id: row.id, reason: reason.trim() });
      notify({ type: 'success', message: t('voided') });
      setReason('');
      onClose();
    } catch {
      // The query client toasts the server's message.
    }
  };

  return (
    <Modal show={row !== null} onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('voidTitle', { name: row?.ingredient.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('voidBody')}</p>
        <Form.Group controlId={`${titleId}-reason`}>
          <Form.Label>{t('fields.voidReason')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            isInvalid={!!error}
            onChange={(event) => {
              setReason(event.target.value);
              setError('');
            }}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <FormActionButton variant="danger" pending={voiding.isPending} onClick={() => void submit()}>
          {t('void')}
        </FormActionButton>
      </Modal.Footer>
    </Modal>
  );
}
