function isoDate(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Monday to Friday of the coming school week (this one until Friday, then the next). */
export function defaultWeek(today: Date = new Date()): { dateFrom: string; dateTo: string } {
  const weekday = (today.getDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(today);
  monday.setDate(today.getDate() - weekday + (weekday >= 5 ? 7 : 0));
  const friday = new Date(monday);
  friday.setDate(monday.getDate() + 4);
  return { dateFrom: isoDate(monday), dateTo: isoDate(friday) };
}
