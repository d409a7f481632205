import type { DailyReleasesInstitutionDay } from '../api/daily-meals-releases';

/** One line of the create form: a meal type and diet, what was ordered, and the quantity to record as released. */
export interface ReleaseFormRow {
  mealTypeId: number;
  mealTypeName: string;
  dietId: number;
  dietName: string;
  ordered: number;
  /** The quantity typed (a string while editing); blank counts as not released (0). */
  quantity: string;
}

export type PrefillSource = 'recorded' | 'ordered' | 'nearest';

const key = (row: { mealTypeId: number; dietId: number }) => `${row.mealTypeId}:${row.dietId}`;

/**
 * The form's rows for a day: every meal type and diet ordered or recorded that day, prefilled with what the day
 * already recorded, else with the ordered counts. `nearest` (the latest earlier day's releases) replaces the
 * quantities with that day's, and adds its kinds not ordered today (ordered 0).
 */
export function formRows(
  day: DailyReleasesInstitutionDay | undefined,
  nearest?: DailyReleasesInstitutionDay,
): { rows: ReleaseFormRow[]; source: PrefillSource } {
  const rows: ReleaseFormRow[] = (day?.rows ?? []).map((line) => ({
    mealTypeId: line.mealTypeId,
    mealTypeName: line.mealTypeName,
    dietId: line.dietId,
    dietName: line.dietName,
    ordered: line.ordered,
    quantity: String(day?.recorded ? line.released : line.ordered),
  }));
  if (!nearest) return { rows, source: day?.recorded ? 'recorded' : 'ordered' };
  const released = new Map(nearest.rows.map((line) => [key(line), line]));
  const filled = rows.map((row) => ({ ...row, quantity: String(released.get(key(row))?.released ?? 0) }));
  const known = new Set(rows.map(key));
  for (const line of nearest.rows) {
    if (!known.has(key(line)) && line.released > 0) {
      filled.push({ ...line, ordered: 0, quantity: String(line.released) });
    }
  }
  return { rows: filled, source: 'nearest' };
}

/** A quantity the server accepts: a whole number from 0 (blank means 0). */
export function parseQuantity(value: string): number | null {
  const text = value.trim();
  if (text === '') return 0;
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** How a difference (released - ordered) reads: `short` (less handed over), `over`, or `even`. */
export function differenceKind(difference: number): 'short' | 'over' | 'even' {
  if (difference < 0) return 'short';
  if (difference > 0) return 'over';
  return 'even';
}
