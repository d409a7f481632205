import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { translateServerMessage } from '@/lib/i18n';
import type { EntityId } from '@/lib/crud';
import { useHasPrepaids, useReplacePriceList, type PriceListItemRequest } from '../api/price-lists';
import { formatDate } from '@/lib/format';

interface ReplaceDialogProps {
  show: boolean;
  onHide: () => void;
  priceListId: EntityId;
  /** The old list's start: the new one must start later. */
  validFrom: string;
  /** The prices as the grid shows them now: the new version starts with them. */
  items: () => PriceListItemRequest[];
  onReplaced: (newId: EntityId) => void;
}

/** "Save as a new version from a date": the old list stays as history for the days before. */
export function ReplaceDialog({ show, onHide, priceListId, validFrom, items, onReplaced }: ReplaceDialogProps) {
  const { t } = useTranslation('priceLists');
  const titleId = useId();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const replace = useReplacePriceList();
  const prepaids = useHasPrepaids(priceListId, show);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Mirrors the server: the new version starts after the old one.
    if (!date || date <= validFrom) {
      setError(t('replace.tooEarly', { date: formatDate(validFrom) }));
      return;
    }
    setError(null);
    try {
      const result = await replace.mutateAsync({
        id: priceListId,
        body: { validFrom: date, ...(name.trim() ? { name: name.trim() } : {}), items: items() },
      });
      onReplaced(result.id);
    } catch (failure) {
      if (failure instanceof ApiError) {
        const lines = Object.values(failure.fieldErrors).flat().map(translateServerMessage);
        setError(lines.length > 0 ? lines.join(' ') : failure.message);
      }
    }
  };

  return (
    <Modal show={show} onHide={onHide} aria-labelledby={titleId}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t('replace.title')}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('replace.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('replace.body')}</p>
          {prepaids.data === true && <Alert variant="warning">{t('replace.prepaids')}</Alert>}
          <Form.Group className="mb-3" controlId={`${titleId}-date`}>
            <Form.Label>
              {t('replace.validFrom')}
              <span className="text-danger ms-1" aria-hidden="true">
                *
              </span>
            </Form.Label>
            <Form.Control
              type="date"
              value={date}
              min={validFrom}
              onChange={(event) => setDate(event.target.value)}
              isInvalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${titleId}-error` : undefined}
            />
            {error && (
              <Form.Control.Feedback type="invalid" id={`${titleId}-error`}>
                {error}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Group controlId={`${titleId}-name`}>
            <Form.Label>{t('replace.name')}</Form.Label>
            <Form.Control value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
            <Form.Text>{t('replace.nameHelp')}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            {t('common:cancel')}
          </Button>
          <FormActionButton type="submit" pending={replace.isPending}>
            {t('replace.submit')}
          </FormActionButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
