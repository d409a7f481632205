import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { decimalAmount, optionalText, requiredChoice } from '@/components/form';
import { todayIso } from '@/lib/calendar/dates';
import { IncomeFields, OutcomeFields } from './TurnoverFields';
import { OUTCOME_REASONS, turnovers, type InventoryTurnover, type InventoryTurnoverRequest, type OutcomeReason } from '../api/inventory';
import { QUANTITY_INPUT_PATTERN, isPositiveQuantity, toQuantityString } from '../model/quantities';
import type { TFunction } from 'i18next';

/** The server's limits (InventoryTurnoverSerializer). */
export const SUPPLIER_MAX = 200;
export const DOCUMENT_MAX = 100;
export const NOTE_MAX = 2000;

export interface TurnoverValues {
  ingredientId: number | null;
  kitchenId: number | null;
  date: string;
  quantity: string;
  unitPrice: string;
  reason: OutcomeReason | null;
  supplier: string;
  documentNumber: string;
  note: string;
  allowNegative: boolean;
}

const quantity = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('common:validation.required'))
    .regex(QUANTITY_INPUT_PATTERN, t('inventory:validation.quantity'))
    .refine(isPositiveQuantity, t('inventory:validation.quantityPositive'))
    .transform(toQuantityString);

const common = (t: TFunction) => ({
  ingredientId: requiredChoice(t, z.number()),
  kitchenId: z.number().int().nullable(),
  date: z.string().min(1, t('common:validation.required')),
  quantity: quantity(t),
  supplier: optionalText(t, SUPPLIER_MAX),
  documentNumber: optionalText(t, DOCUMENT_MAX),
  note: optionalText(t, NOTE_MAX),
  allowNegative: z.boolean(),
});

function emptyValues(): TurnoverValues {
  return {
    ingredientId: null,
    kitchenId: null,
    date: todayIso(),
    quantity: '',
    unitPrice: '',
    reason: null,
    supplier: '',
    documentNumber: '',
    note: '',
    allowNegative: false,
  };
}

function toValues(row: InventoryTurnover): TurnoverValues {
  return {
    ingredientId: row.ingredient.id,
    kitchenId: row.kitchen?.id ?? null,
    date: row.date,
    quantity: row.quantity.replace(/\.?0+$/, ''),
    unitPrice: row.unitPrice ?? '',
    reason: row.reason === '' ? null : (row.reason as OutcomeReason),
    supplier: row.supplier ?? '',
    documentNumber: row.documentNumber ?? '',
    note: row.note ?? '',
    allowNegative: false,
  };
}

type Parsed = Omit<TurnoverValues, 'ingredientId' | 'reason'> & { ingredientId: number; reason?: OutcomeReason };

function toRequest(kind: 'income' | 'outcome', values: Parsed): InventoryTurnoverRequest {
  return {
    kind,
    ingredientId: values.ingredientId,
    kitchenId: values.kitchenId,
    date: values.date,
    quantity: values.quantity,
    note: values.note,
    allowNegative: values.allowNegative,
    ...(kind === 'income'
      ? { unitPrice: values.unitPrice, supplier: values.supplier, documentNumber: values.documentNumber, reason: '' }
      : { reason: values.reason, unitPrice: null }),
  } as InventoryTurnoverRequest;
}

/** A delivery: ingredient, quantity in its unit, net unit price per kg / l / piece, supplier, document. */
export const incomeForm = defineEntityForm({
  resource: turnovers,
  schema: (t) =>
    z.object({
      ...common(t),
      unitPrice: decimalAmount(t),
      reason: z.null(),
    }),
  empty: emptyValues(),
  toValues,
  toCreate: (values) => toRequest('income', values as unknown as Parsed),
  Fields: IncomeFields,
});

/** An issue: ingredient, quantity, reason (production, waste, other); a stock below zero only when confirmed. */
export const outcomeForm = defineEntityForm({
  resource: turnovers,
  schema: (t) =>
    z.object({
      ...common(t),
      unitPrice: z.string(),
      reason: requiredChoice(t, z.enum(OUTCOME_REASONS as [OutcomeReason, ...OutcomeReason[]])),
    }),
  empty: emptyValues(),
  toValues,
  toCreate: (values) => toRequest('outcome', values as unknown as Parsed),
  Fields: OutcomeFields,
});
