import { useId, useState } from 'react';
import { Alert, Col, Form, Modal, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { STICKY_HEADER_MAX_HEIGHT_PX } from '@/components/data-table';
import { portionSizeOptions, useKitchenIngredients, type Kitchen } from '../api/kitchens';
import { defaultWeek } from './default-week';
import { formatDecimal } from '@/lib/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the kitchen's menus need in a range: ingredient, the amount for one portion of each dish, how often. */
export function KitchenIngredientsModal({ kitchen, onHide }: { kitchen: Kitchen | null; onHide: () => void }) {
  const { t, i18n } = useTranslation('kitchens');
  const titleId = useId();
  const [range, setRange] = useState(defaultWeek);
  const [portionSizeId, setPortionSizeId] = useState<number | null>(null);
  const portionSizes = portionSizeOptions.useOptions(kitchen !== null);
  const valid = ISO_DATE.test(range.dateFrom) && ISO_DATE.test(range.dateTo) && range.dateFrom <= range.dateTo;
  const ingredients = useKitchenIngredients({ kitchenId: kitchen?.id ?? 0, ...range, portionSizeId }, kitchen !== null && valid);
  const rows = ingredients.data?.items ?? [];

  return (
    <Modal show={kitchen !== null} onHide={onHide} size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('ingredients.title', { name: kitchen?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Row className="g-2 mb-2">
          <Form.Group as={Col} sm={4} controlId={`${titleId}-from`}>
            <Form.Label>{t('ingredients.dateFrom')}</Form.Label>
            <Form.Control type="date" value={range.dateFrom} max={range.dateTo} onChange={(event) => setRange({ ...range, dateFrom: event.target.value })} />
          </Form.Group>
          <Form.Group as={Col} sm={4} controlId={`${titleId}-to`}>
            <Form.Label>{t('ingredients.dateTo')}</Form.Label>
            <Form.Control
              type="date"
              value={range.dateTo}
              min={range.dateFrom}
              isInvalid={!valid}
              onChange={(event) => setRange({ ...range, dateTo: event.target.value })}
            />
            <Form.Control.Feedback type="invalid">{t('ingredients.invalidRange')}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group as={Col} sm={4} controlId={`${titleId}-portion`}>
            <Form.Label>{t('ingredients.portionSize')}</Form.Label>
            <Form.Select
              value={portionSizeId ?? ''}
              onChange={(event) => setPortionSizeId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t('ingredients.defaultPortion')}</option>
              {(portionSizes.data ?? []).map((option) => (
                <option key={option.value} value={String(option.value)}>
                  {option.text}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Row>
        <p className="small text-body-secondary">{t('ingredients.help')}</p>
        {ingredients.isError ? (
          <Alert variant="danger">{ingredients.error.message}</Alert>
        ) : ingredients.isPending && valid ? (
          <LoadingSpinner />
        ) : rows.length === 0 ? (
          <p className="text-center text-body-secondary my-4">{t('ingredients.empty')}</p>
        ) : (
          <div className="table-responsive" style={{ maxHeight: STICKY_HEADER_MAX_HEIGHT_PX }}>
            <Table size="sm" striped className="mb-0" aria-label={t('ingredients.tableLabel')}>
              <thead className="sticky-top">
                <tr>
                  <th scope="col">{t('ingredients.ingredient')}</th>
                  <th scope="col" className="text-end">
                    {t('ingredients.amount')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('ingredients.meals')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('ingredients.days')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.name}</td>
                    <td className="text-end text-nowrap">
                      {formatDecimal(row.amountPerPortion, i18n.language)} {row.unit}
                    </td>
                    <td className="text-end">{row.mealsCount}</td>
                    <td className="text-end">{row.daysCount}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Modal.Body>
    </Modal>
  );
}
