/** The allergies and note saving would remove because the diet forbids allergen changes. */
export interface AllergiesToClear {
  allergies: number[];
  note: string;
}

/**
 * What saving a meal receiver (a child, an institution worker) removes when the diet forbids allergen changes (spec
 * §5: they are cleared; issue 30: never unasked): the allergies and note the form holds and those stored (the server
 * drops both). Null when the diet allows allergens or there is nothing to remove.
 */
export function allergiesToClear(
  values: { allergies: number[]; allergiesNote: string },
  stored: { allergies?: number[]; allergiesNote?: string } | undefined,
  dietAllows: boolean,
): AllergiesToClear | null {
  if (dietAllows) return null;
  const allergies = [...new Set([...(stored?.allergies ?? []), ...values.allergies])];
  const note = values.allergiesNote.trim() || (stored?.allergiesNote ?? '').trim();
  return allergies.length > 0 || note ? { allergies, note } : null;
}
