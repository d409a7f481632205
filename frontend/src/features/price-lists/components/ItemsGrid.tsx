import type { CSSProperties } from 'react';
import { Form, Table } from 'react-bootstrap';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/MultiSelect';
import { AUDIENCES, WEEKDAYS, type HiddenFor, type Weekday } from '../api/price-lists';
import type { PriceListValues } from './price-list-form';

const headStyle: CSSProperties = { position: 'sticky', top: 0, zIndex: 1 };
/** Tall enough for a meal type's combinations at a glance; the header stays visible while scrolling. */
const GRID_MAX_HEIGHT = '60vh';

/** Prices of every meal type × diet × portion size combination, with the item's hiding rules. */
export function ItemsGrid() {
  const { t } = useTranslation('priceLists');
  const { control, register, getFieldState, formState } = useFormContext<PriceListValues>();
  const cells = useWatch({ control, name: 'cells' });
  const weekdayOptions = WEEKDAYS.map((day) => ({ value: day, text: t(`weekdays.${day}`) }));

  if (cells.length === 0) return <p className="text-body-secondary">{t('grid.emptyCatalogue')}</p>;

  return (
    <div className="table-responsive" style={{ maxHeight: GRID_MAX_HEIGHT, overflowY: 'auto' }}>
      <Table size="sm" className="align-middle mb-0" aria-label={t('grid.label')}>
        <thead className="table-light">
          <tr>
            <th style={headStyle}>{t('fields.mealType')}</th>
            <th style={headStyle}>{t('fields.diet')}</th>
            <th style={headStyle}>{t('fields.portionSize')}</th>
            <th style={headStyle}>{t('fields.price')}</th>
            <th style={headStyle}>{t('fields.hidden')}</th>
            {AUDIENCES.map((audience) => (
              <th key={audience} style={headStyle}>
                {t(`hiddenFor.${audience}`)}
              </th>
            ))}
            <th style={headStyle}>{t('fields.hiddenWeekdays')}</th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell, row) => {
            const what = `${cell.mealTypeName}, ${cell.dietName}, ${cell.portionSizeName}`;
            const error = getFieldState(`cells.${row}.price`, formState).error?.message;
            const errorId = `price-cell-${row}-error`;
            const priced = cell.price.trim() !== '';
            return (
              <tr key={`${cell.mealTypeId}-${cell.dietId}-${cell.portionSizeId}`}>
                <td>{cell.mealTypeName}</td>
                <td>{cell.dietName}</td>
                <td>{cell.portionSizeName}</td>
                <td style={{ minWidth: 130 }}>
                  <Form.Control
                    size="sm"
                    inputMode="decimal"
                    placeholder={t('grid.notSold')}
                    aria-label={t('grid.priceOf', { what })}
                    isInvalid={!!error}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...register(`cells.${row}.price`)}
                  />
                  {error && (
                    <Form.Control.Feedback type="invalid" id={errorId}>
                      {error}
                    </Form.Control.Feedback>
                  )}
                </td>
                <td>
                  <Form.Check
                    aria-label={t('grid.hiddenOf', { what })}
                    disabled={!priced}
                    {...register(`cells.${row}.hidden`)}
                  />
                </td>
                {AUDIENCES.map((audience) => (
                  <td key={audience}>
                    <Controller
                      control={control}
                      name={`cells.${row}.hiddenFor`}
                      render={({ field }) => (
                        <Form.Check
                          aria-label={t('grid.hiddenForOf', { who: t(`hiddenFor.${audience}`), what })}
                          disabled={!priced}
                          checked={field.value.includes(audience)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? AUDIENCES.filter((value) => value === audience || field.value.includes(value))
                                : field.value.filter((value: HiddenFor) => value !== audience),
                            )
                          }
                        />
                      )}
                    />
                  </td>
                ))}
                <td style={{ minWidth: 200 }}>
                  <Controller
                    control={control}
                    name={`cells.${row}.hiddenWeekdays`}
                    render={({ field }) => (
                      <MultiSelect
                        options={weekdayOptions}
                        label={t('grid.hiddenWeekdaysOf', { what })}
                        placeholder={t('grid.everyDay')}
                        value={field.value}
                        onChange={(value) => field.onChange(WEEKDAYS.filter((day: Weekday) => value.includes(day)))}
                      />
                    )}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
