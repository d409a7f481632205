import type { TFunction } from 'i18next';
import { z } from 'zod';
import { requiredText } from '@/components/form';
import { DECIMAL_INPUT_PATTERN, toDecimalString } from '@/lib/money';
import type { Catalogue } from '../api/catalogue';
import type { HiddenFor, PriceList, PriceListItemRequest, PriceListRequest, Weekday } from '../api/price-lists';

/** The server's limits (PriceListSerializer): name up to 100; prices ≥ 0 with at most 2 decimal places. */
export const NAME_MAX_LENGTH = 100;

/** One row of the items grid: a meal type × diet × portion size combination; an empty price means "not sold". */
export interface PriceCell {
  mealTypeId: number;
  mealTypeName: string;
  dietId: number;
  dietName: string;
  portionSizeId: number;
  portionSizeName: string;
  /** The stored item's id, kept so that an edit changes the item instead of replacing it. */
  id: number | null;
  price: string;
  hidden: boolean;
  hiddenFor: HiddenFor[];
  hiddenWeekdays: Weekday[];
}

export interface PriceListValues {
  groupId: number | null;
  name: string;
  validFrom: string;
  cells: PriceCell[];
}

const key = (mealTypeId: number, dietId: number, portionSizeId: number) => `${mealTypeId}-${dietId}-${portionSizeId}`;

/**
 * Every combination the catalogue offers (meal types in their order with the portion sizes each offers, diets
 * by priority), filled from `items`; items whose combination the catalogue no longer offers are kept at the end.
 */
export function buildCells(catalogue: Catalogue, items: PriceList['items'] = [], keepIds = true): PriceCell[] {
  const byKey = new Map(items.map((item) => [key(item.mealTypeId, item.dietId, item.portionSizeId), item]));
  const portionNames = new Map(catalogue.portionSizes.map((portion) => [portion.id, portion.name]));
  const cells: PriceCell[] = [];
  const fill = (cell: Omit<PriceCell, 'id' | 'price' | 'hidden' | 'hiddenFor' | 'hiddenWeekdays'>) => {
    const item = byKey.get(key(cell.mealTypeId, cell.dietId, cell.portionSizeId));
    byKey.delete(key(cell.mealTypeId, cell.dietId, cell.portionSizeId));
    cells.push({
      ...cell,
      id: keepIds ? (item?.id ?? null) : null,
      price: item?.price ? item.price.amount.replace('.', ',') : '',
      hidden: item?.hidden ?? false,
      hiddenFor: item?.hiddenFor ?? [],
      hiddenWeekdays: item?.hiddenWeekdays ?? [],
    });
  };
  for (const mealType of catalogue.mealTypes) {
    for (const diet of catalogue.diets) {
      for (const portionSizeId of mealType.portionSizesIds) {
        fill({
          mealTypeId: mealType.id,
          mealTypeName: mealType.name,
          dietId: diet.id,
          dietName: diet.name,
          portionSizeId,
          portionSizeName: portionNames.get(portionSizeId) ?? '',
        });
      }
    }
  }
  for (const item of byKey.values()) {
    fill({
      mealTypeId: item.mealTypeId,
      mealTypeName: item.mealTypeName,
      dietId: item.dietId,
      dietName: item.dietName,
      portionSizeId: item.portionSizeId,
      portionSizeName: item.portionSizeName,
    });
  }
  return cells;
}

export function priceListSchema(t: TFunction) {
  return z.object({
    groupId: z.number({ error: t('common:validation.required') }).int().nullable().refine((value) => value !== null, t('common:validation.required')),
    name: requiredText(t, NAME_MAX_LENGTH),
    validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('common:validation.required')),
    cells: z.array(
      z.looseObject({
        price: z
          .string()
          .trim()
          .refine((value) => value === '' || DECIMAL_INPUT_PATTERN.test(value), t('common:validation.decimal')),
      }),
    ),
  });
}

/** The priced cells as the API's items, and for each item the grid row it came from (to place server errors). */
export function toItems(cells: readonly PriceCell[]): { items: PriceListItemRequest[]; rows: number[] } {
  const items: PriceListItemRequest[] = [];
  const rows: number[] = [];
  cells.forEach((cell, row) => {
    if (cell.price.trim() === '') return;
    rows.push(row);
    items.push({
      ...(cell.id === null ? {} : { id: cell.id }),
      mealTypeId: cell.mealTypeId,
      dietId: cell.dietId,
      portionSizeId: cell.portionSizeId,
      price: { amount: toDecimalString(cell.price), currency: 'PLN' },
      hidden: cell.hidden,
      hiddenFor: cell.hiddenFor,
      hiddenWeekdays: cell.hiddenWeekdays,
    });
  });
  return { items, rows };
}

export function toRequest(values: PriceListValues): { body: PriceListRequest; rows: number[] } {
  const { items, rows } = toItems(values.cells);
  return { body: { groupId: values.groupId ?? 0, name: values.name.trim(), validFrom: values.validFrom, items }, rows };
}

/**
 * Where a server field error belongs: `items.3.price.amount` → the price input of the grid row the 4th item came
 * from; any other item error lands on that row's price too (the row is one line of the grid). `null`: the form.
 */
export function formFieldOf(serverField: string, rows: readonly number[]): string | null {
  const item = /^items\.(\d+)\./.exec(serverField);
  if (item) {
    const row = rows[Number(item[1])];
    return row === undefined ? null : `cells.${row}.price`;
  }
  if (serverField === 'groupId' || serverField === 'name' || serverField === 'validFrom') return serverField;
  return null;
}
