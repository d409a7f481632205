/** `YYYY-MM-DD` as 01.12.2026, like the other dates of the back office (menus, files). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('pl-PL', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(`${value}T00:00:00`));
}
