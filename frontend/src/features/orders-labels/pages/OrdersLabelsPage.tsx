import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterDate, FilterSelect } from '@/components/data-table';
import { TablePagination } from '@/components/data-table/TablePagination';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { MultiSelect } from '@/components/MultiSelect';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { addDays, todayIso } from '@/lib/calendar/dates';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { formatDate } from '@/lib/format';
import {
  printLabels,
  useLabelLayouts,
  useReceiversForLabels,
  type LabelLayout,
  type LabelsFilters,
  type ReceiverLabels,
} from '../api/orders-labels';
import { clampStart, sheetsNeeded, startCell } from '../model/sheet';

const DEFAULT_LAYOUT = '3x7';

/**
 * `/ordersLabels` (admin, institutions admin): labels for the boxes of a day (tomorrow unless chosen), one per portion.
 * Choose the kitchen or institutions and meal types, preview who gets labels, choose the label sheet and where on a
 * used sheet to start, and download the PDF. The filters live in the URL.
 */
export function OrdersLabelsPage() {
  const { t, i18n } = useTranslation(['ordersLabels', 'routes']);
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') || addDays(todayIso(), 1);
  const kitchenId = searchParams.get('kitchenId') ?? '';
  const institutionsIds = searchParams.get('institutionsIds') ?? '';
  const mealTypesIds = searchParams.get('mealTypesIds') ?? '';
  const page = Number(searchParams.get('page')) || 1;
  const perPage = Number(searchParams.get('perPage')) || 50;
  const [layoutCode, setLayoutCode] = useState(DEFAULT_LAYOUT);
  const [startText, setStartText] = useState('1');
  const [printing, setPrinting] = useState(false);

  const kitchens = useStaffOptions('kitchens/options');
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const mealTypes = useStaffOptions(OPTION_PATHS.mealTypes);
  const layouts = useLabelLayouts();
  const filters: LabelsFilters = {
    date,
    ...(kitchenId ? { kitchenId: Number(kitchenId) } : {}),
    ...(institutionsIds ? { institutionsIds } : {}),
    ...(mealTypesIds ? { mealTypesIds } : {}),
  };
  const result = useReceiversForLabels(filters, page, perPage);
  const layout: LabelLayout | undefined = layouts.data?.find((item) => item.code === layoutCode);
  const perSheet = layout?.perSheet ?? 1;
  const start = clampStart(Number(startText), perSheet);
  const labels = result.data?.labels ?? 0;

  const setParams = (changes: Record<string, string>) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  const print = () => {
    setPrinting(true);
    printLabels(filters, layoutCode, start - 1)
      .catch(() => notify({ type: 'error', message: t('printFailed') }))
      .finally(() => setPrinting(false));
  };
  const cell = layout ? startCell(start, layout.columns) : null;

  return (
    <section>
      <PageHeader title={t('routes:areas.ordersLabels')} />
      <p className="text-body-secondary">{t('intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <FilterDate label={t('fields.date')} value={date} onChange={(value) => setParams({ date: value })} />
        <FilterSelect label={t('fields.kitchen')} value={kitchenId} options={kitchens.data ?? []} onChange={(value) => setParams({ kitchenId: value })} />
        <div style={{ minWidth: 220 }}>
          <label htmlFor="labels-institutions" className="form-label small mb-1">
            {t('fields.institutions')}
          </label>
          <MultiSelect
            id="labels-institutions"
            label={t('fields.institutions')}
            options={institutions.data ?? []}
            value={institutionsIds ? institutionsIds.split(',').map(Number) : []}
            onChange={(values) => setParams({ institutionsIds: values.join(',') })}
          />
        </div>
        <div style={{ minWidth: 220 }}>
          <label htmlFor="labels-meal-types" className="form-label small mb-1">
            {t('fields.mealTypes')}
          </label>
          <MultiSelect
            id="labels-meal-types"
            label={t('fields.mealTypes')}
            options={mealTypes.data ?? []}
            value={mealTypesIds ? mealTypesIds.split(',').map(Number) : []}
            onChange={(values) => setParams({ mealTypesIds: values.join(',') })}
          />
        </div>
      </div>

      <div className="d-flex flex-wrap gap-3 align-items-end mb-3 p-3 border rounded">
        <Form.Group controlId="labels-layout" style={{ minWidth: 280 }}>
          <Form.Label className="small mb-1">{t('fields.layout')}</Form.Label>
          <Form.Select value={layoutCode} onChange={(event) => setLayoutCode(event.target.value)}>
            {(layouts.data ?? []).map((item) => (
              <option key={item.code} value={item.code}>
                {t('layoutOption', {
                  columns: item.columns,
                  rows: item.rows,
                  width: item.width.toLocaleString(i18n.language),
                  height: item.height.toLocaleString(i18n.language),
                  sheets: item.sheets,
                })}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="labels-start" style={{ width: 180 }}>
          <Form.Label className="small mb-1">{t('fields.start')}</Form.Label>
          <Form.Control
            type="number"
            min={1}
            max={perSheet}
            value={startText}
            onChange={(event) => setStartText(event.target.value)}
            onBlur={() => setStartText(String(start))}
          />
        </Form.Group>
        {cell ? <span className="small text-body-secondary pb-2">{t('startCell', cell)}</span> : null}
        <div className="ms-auto">
          <Button onClick={print} disabled={printing || labels === 0 || !layout}>
            {printing ? t('printing') : t('print')}
          </Button>
        </div>
      </div>

      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : !result.data || result.data.labels === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('empty', { date: formatDate(date, i18n.language) })}</p>
      ) : (
        <>
          <p role="status">
            {t('summary', {
              labels: result.data.labels,
              receivers: result.data.total,
              sheets: sheetsNeeded(result.data.labels, perSheet, start),
            })}
          </p>
          <ReceiversTable receivers={result.data.items} />
          <TablePagination
            id="labels-receivers"
            page={result.data.page}
            perPage={result.data.perPage}
            total={result.data.total}
            onPage={(value) => setParams({ page: String(value) })}
            onPerPage={(value) => setParams({ perPage: String(value) })}
          />
        </>
      )}
    </section>
  );
}

function ReceiversTable({ receivers }: { receivers: ReceiverLabels[] }) {
  const { t } = useTranslation('ordersLabels');
  return (
    <div className="table-responsive">
      <Table size="sm" bordered aria-label={t('receiversTable')}>
        <thead>
          <tr>
            <th>{t('fields.receiver')}</th>
            <th>{t('fields.institution')}</th>
            <th>{t('fields.classroom')}</th>
            <th>{t('fields.allergens')}</th>
            <th>{t('fields.portions')}</th>
          </tr>
        </thead>
        <tbody>
          {receivers.map((receiver) => (
            <tr key={`${receiver.subjectType}-${receiver.id}`}>
              <td>
                {receiver.lastName} {receiver.firstName}
              </td>
              <td>{receiver.institution}</td>
              <td>{receiver.classroom ?? t('worker')}</td>
              <td>
                {receiver.allergens.length > 0 ? <strong>{receiver.allergens.join(', ')}</strong> : null}
                {receiver.allergiesNote ? <div className="small text-body-secondary">{receiver.allergiesNote}</div> : null}
              </td>
              <td>
                <ul className="list-unstyled mb-0">
                  {receiver.portions.map((portion) => (
                    <li key={portion.itemId}>
                      {[portion.mealType, portion.dishes.join(', ') || t('noDish'), portion.diet, portion.portionSize].join(' · ')}
                      {/* The dish contains the receiver's allergens: the label prints the same warning. */}
                      {portion.clash.length > 0 ? (
                        <strong className="text-danger">{` · ${t('clash', { list: portion.clash.join(', ') })}`}</strong>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
