import type { DailyMealsRelease, DailyReleasesInstitutionDay } from '../api/daily-meals-releases';

/**
 * One line of the create form: a meal type and diet, what was ordered, the quantity to record as released, and
 * optionally the portion size handed over and a note. A kind recorded in several portion sizes has a line for each
 * (the ordered count on its first).
 */
export interface ReleaseFormRow {
  mealTypeId: number;
  mealTypeName: string;
  dietId: number;
  dietName: string;
  /** Null on a kind's further lines (its other portion sizes). */
  ordered: number | null;
  /** The quantity typed (a string while editing); blank counts as not released (0). */
  quantity: string;
  /** A portion size id, or '' for any (not told apart). */
  portionSizeId: string;
  note: string;
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
  records: readonly DailyMealsRelease[] = [],
): { rows: ReleaseFormRow[]; source: PrefillSource } {
  const rows: ReleaseFormRow[] = (day?.rows ?? []).map((line) => ({
    mealTypeId: line.mealTypeId,
    mealTypeName: line.mealTypeName,
    dietId: line.dietId,
    dietName: line.dietName,
    ordered: line.ordered,
    quantity: String(day?.recorded ? line.released : line.ordered),
    portionSizeId: '',
    note: '',
  }));
  if (!nearest) {
    if (!day?.recorded) return { rows, source: 'ordered' };
    return { rows: rows.flatMap((row) => recordedLines(row, records)), source: 'recorded' };
  }
  const released = new Map(nearest.rows.map((line) => [key(line), line]));
  const filled = rows.map((row) => ({ ...row, quantity: String(released.get(key(row))?.released ?? 0) }));
  const known = new Set(rows.map(key));
  for (const line of nearest.rows) {
    if (!known.has(key(line)) && line.released > 0) {
      filled.push({ ...line, ordered: 0, quantity: String(line.released), portionSizeId: '', note: '' });
    }
  }
  return { rows: filled, source: 'nearest' };
}

/** A recorded kind's lines: one per recorded row (its portion size, quantity and note), else the line as it is. */
function recordedLines(row: ReleaseFormRow, records: readonly DailyMealsRelease[]): ReleaseFormRow[] {
  const own = records.filter((record) => key(record) === key(row));
  if (own.length === 0) return [row];
  return own.map((record, index) => ({
    ...row,
    ordered: index === 0 ? row.ordered : null,
    quantity: String(record.quantity),
    portionSizeId: record.portionSizeId ? String(record.portionSizeId) : '',
    note: record.note,
  }));
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
