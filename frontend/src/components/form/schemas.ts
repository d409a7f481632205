import type { TFunction } from 'i18next';
import { z } from 'zod';
import { DECIMAL_INPUT_PATTERN, toDecimalString } from '@/lib/money';

/** Zod pieces shared by entity forms; messages in the user's language, mirroring the server's rules. */

export const requiredText = (t: TFunction, max: number) =>
  z.string().trim().min(1, t('common:validation.required')).max(max, t('common:validation.maxLength', { max }));

export const optionalText = (t: TFunction, max: number) =>
  z.string().trim().max(max, t('common:validation.maxLength', { max }));

/** An optional whole number in [min, max]; the form holds null for an empty input. */
export const optionalInteger = (t: TFunction, min: number, max: number) =>
  z
    .number({ error: t('common:validation.integer') })
    .int(t('common:validation.integer'))
    .min(min, t('common:validation.range', { min, max }))
    .max(max, t('common:validation.range', { min, max }))
    .nullable();

/** A chosen related object's id, or null. */
export const optionalId = () => z.number().int().nullable();

/** "2,50" as typed → "2.50" as the API wants it (MoneyField). */
export const decimalAmount = (t: TFunction) =>
  z.string().trim().regex(DECIMAL_INPUT_PATTERN, t('common:validation.decimal')).transform(toDecimalString);

/**
 * A required choice whose empty state is null (a SelectField before anything is chosen): the form holds
 * `T | null`, the parsed value is `T`, and null reads "This field is required.".
 * `kind: requiredChoice(t, z.enum(['school', 'workplace']))`, `districtId: requiredChoice(t, z.number())`.
 */
export function requiredChoice<T extends z.ZodType>(t: TFunction, schema: T) {
  return schema.nullable().transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: t('common:validation.required') });
      return z.NEVER;
    }
    return value as z.output<T>;
  });
}
