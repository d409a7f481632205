/** A label sheet's arithmetic, as the server lays labels out: row by row, the first `skip` positions left empty. */

/** Sheets needed for `labels` labels starting at position `start` (1 = the first label of the sheet). */
export function sheetsNeeded(labels: number, perSheet: number, start = 1): number {
  if (labels <= 0 || perSheet <= 0) return 0;
  return Math.ceil((labels + start - 1) / perSheet);
}

/** The starting position a user typed, kept within the sheet (1..perSheet); anything else is 1. */
export function clampStart(value: number, perSheet: number): number {
  if (!Number.isInteger(value) || value < 1) return 1;
  return Math.min(value, Math.max(1, perSheet));
}

/** Where position `start` is on the sheet: row and column, from 1. */
export function startCell(start: number, columns: number): { row: number; column: number } {
  return { row: Math.floor((start - 1) / columns) + 1, column: ((start - 1) % columns) + 1 };
}
