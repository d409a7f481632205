/** The stops with the one at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveStop(stops: readonly number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (target < 0 || target >= stops.length) return [...stops];
  const next = stops.filter((_, at) => at !== index);
  next.splice(target, 0, stops[index] as number);
  return next;
}
