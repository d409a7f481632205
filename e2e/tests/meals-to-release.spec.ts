import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';
const SCHOOL = 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej';

test('an admin opens the nested meals to release for the next day of demo orders: a child under its classroom, counts equal to the orders', async ({
  page,
}) => {
  await signedIn(page, ADMIN);

  // The orders list's kitchen summary: live meals (active and served) per day and meal type. The next day with orders
  // after today (tomorrow, or Monday on a Friday: the demo orders weekdays).
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const rows = await summary.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
  );
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const iso = (day: string) => day.split('.').reverse().join('-');
  const day = rows.map(([date]) => iso(date)).filter((date) => date > today).sort()[0];
  expect(day, 'the demo has orders after today').toBeTruthy();
  const total = rows.filter(([date]) => iso(date) === day).reduce((sum, [, , count]) => sum + Number(count), 0);

  // The nested release of that day: every institution, the total equal to the orders'.
  await page.goto(`/nestedMealsToRelease?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: /Posiłki do wydania/ })).toBeVisible();
  await expect(page.getByText(`Razem ${total} porcj`)).toBeVisible();

  // A demo child (Zuzanna, class 1a of SP 12) by name under its classroom.
  const school = page.getByRole('region', { name: SCHOOL, exact: true });
  const classroom = school.getByRole('region', { name: '1a', exact: true });
  await expect(classroom.getByRole('listitem').filter({ hasText: 'Zuzanna' })).toBeVisible();

  // Each level collapses.
  await classroom.getByRole('button', { name: '1a' }).click();
  await expect(classroom.getByRole('listitem').filter({ hasText: 'Zuzanna' })).toBeHidden();
});
