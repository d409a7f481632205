import { useId, useState } from 'react';
import { Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/components/data-table';
import { FormActionButton } from '@/components/FormActionButton';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { useStaffOptions } from '@/lib/calendar/options';
import { formatDecimal } from '@/lib/format';
import { useSetMinimum, useStock, type StockFilters, type StockLevel } from '../api/inventory';
import { QUANTITY_INPUT_PATTERN, formatQuantity, isNegative, toQuantityString } from '../model/quantities';

const DAYS = [0, 1, 3, 7, 14];

/**
 * `/inventory/stock` (admin): every ingredient's stock in a kitchen (or all together), its value at the average
 * purchase price, its minimum, what the orders of the next days need and what to order; "low only" keeps those under
 * their minimum or their need. The filters live in the URL.
 */
export function StockPage() {
  const { t, i18n } = useTranslation(['inventory', 'routes']);
  const language = i18n.language;
  const [searchParams, setSearchParams] = useSearchParams();
  const kitchenId = searchParams.get('kitchenId') ?? '';
  const days = Number(searchParams.get('days') ?? '3');
  const low = searchParams.get('low') === 'true';
  const kitchens = useStaffOptions('kitchens/options');
  const filters: StockFilters = { days, ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}), ...(low ? { low: true } : {}) };
  const stock = useStock(filters);
  const [editing, setEditing] = useState<StockLevel | null>(null);
  const setParam = (name: string, value: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const title = t('routes:areas.inventory_stock');

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{t('stockIntro')}</p>
      <div className="d-flex flex-wrap gap-3 align-items-end mb-3">
        <FilterSelect label={t('fields.kitchen')} value={kitchenId} options={kitchens.data ?? []} onChange={(value) => setParam('kitchenId', value)} />
        <FilterSelect
          label={t('fields.needDays')}
          value={String(days)}
          options={DAYS.map((value) => ({ value: String(value), text: t('daysOption', { count: value }) }))}
          onChange={(value) => setParam('days', value)}
        />
        <Form.Check
          type="switch"
          id="stock-low-only"
          label={t('lowOnly')}
          checked={low}
          onChange={(event) => setParam('low', event.target.checked ? 'true' : '')}
        />
      </div>
      {stock.isPending ? (
        <LoadingSpinner />
      ) : stock.isError && !stock.data ? (
        <QueryError error={stock.error} onRetry={stock.refetch} />
      ) : !stock.data || stock.data.length === 0 ? (
        <p className="text-center text-body-secondary my-4">{low ? t('noLowStock') : t('noIngredients')}</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" bordered hover aria-label={title}>
            <thead>
              <tr>
                <th>{t('fields.ingredient')}</th>
                <th className="text-end">{t('fields.stock')}</th>
                <th className="text-end">{t('fields.averagePrice')}</th>
                <th className="text-end">{t('fields.value')}</th>
                <th className="text-end">{t('fields.minimum')}</th>
                <th className="text-end">{t('fields.need')}</th>
                <th className="text-end">{t('fields.toOrder')}</th>
                <th>
                  <span className="visually-hidden">{t('common:table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {stock.data.map((row) => (
                <tr key={row.id} className={row.low ? 'table-warning' : undefined}>
                  <th scope="row">
                    {row.name} {row.low && <Badge bg="warning" text="dark">{t('lowBadge')}</Badge>}
                  </th>
                  <td className={`text-end text-nowrap ${isNegative(row.stock) ? 'text-danger fw-semibold' : ''}`}>
                    {formatQuantity(row.stock, language)} {row.unit}
                  </td>
                  <td className="text-end text-nowrap">
                    {row.averagePrice ? `${formatDecimal(row.averagePrice, language)} / ${t(`priceUnits.${row.priceUnit}`)}` : '—'}
                  </td>
                  <td className="text-end">{formatDecimal(row.value, language)}</td>
                  <td className="text-end text-nowrap">{row.minimum === null ? '—' : `${formatQuantity(row.minimum, language)} ${row.unit}`}</td>
                  <td className="text-end text-nowrap">{`${formatQuantity(row.need, language)} ${row.unit}`}</td>
                  <td className="text-end text-nowrap fw-semibold">{`${formatQuantity(row.toOrder, language)} ${row.unit}`}</td>
                  <td>
                    <Button size="sm" variant="outline-primary" aria-label={t('setMinimumNamed', { name: row.name })} onClick={() => setEditing(row)}>
                      {t('setMinimum')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <MinimumModal key={editing?.id ?? 'none'} row={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

function MinimumModal({ row, onClose }: { row: StockLevel | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const titleId = useId();
  const [value, setValue] = useState(row?.minimum?.replace(/\.?0+$/, '') ?? '');
  const [error, setError] = useState('');
  const setMinimum = useSetMinimum();

  const save = async () => {
    if (!row) return;
    const typed = value.trim();
    if (typed !== '' && !QUANTITY_INPUT_PATTERN.test(typed)) {
      setError(t('validation.quantity'));
      return;
    }
    try {
      await setMinimum.mutateAsync({ ingredientId: row.id, quantity: typed === '' ? null : toQuantityString(typed) });
      notify({ type: 'success', message: t('common:crud.saved') });
      onClose();
    } catch {
      // The query client toasts the server's message.
    }
  };

  return (
    <Modal show={row !== null} onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('minimumTitle', { name: row?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId={`${titleId}-minimum`}>
          <Form.Label>{t('fields.minimumIn', { unit: row?.unit ?? '' })}</Form.Label>
          <Form.Control
            inputMode="decimal"
            value={value}
            isInvalid={!!error}
            onChange={(event) => {
              setValue(event.target.value);
              setError('');
            }}
          />
          <Form.Text>{t('minimumHelp')}</Form.Text>
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <FormActionButton pending={setMinimum.isPending} onClick={() => void save()}>
          {t('common:save')}
        </FormActionButton>
      </Modal.Footer>
    </Modal>
  );
}
