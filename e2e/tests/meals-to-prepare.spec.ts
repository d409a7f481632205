import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

test('an admin opens meals to prepare for a day of the demo orders: its counts are those of the orders list', async ({ page }) => {
  await signIn(page, ADMIN);

  // The orders list's kitchen summary: live meals (active and served) per day and meal type.
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const rows = await summary.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
  );
  const day = rows[0][0]; // dd.mm.yyyy
  const ofDay = rows.filter(([date]) => date === day).map(([, mealType, count]) => `${mealType}${count}`);
  const total = rows.filter(([date]) => date === day).reduce((sum, [, , count]) => sum + Number(count), 0);
  const [dd, mm, yyyy] = day.split('.');

  // The same day to prepare: each meal type's portions and the total equal the orders.
  await page.goto(`/mealsToPrepare?date=${yyyy}-${mm}-${dd}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Posiłki do przygotowania' })).toBeVisible();
  const portions = page.getByRole('table', { name: 'Porcje do przygotowania' });
  await expect(portions.locator('tfoot tr')).toHaveText(`Razem${total}`);
  await expect(portions.locator('tbody tr.table-light')).toHaveText(ofDay);
  // The ingredients follow (a table, or a note when the day's dishes have no grammages).
  await expect(page.getByRole('heading', { level: 2, name: 'Składniki' })).toBeVisible();

  // Printable: the PDF of the same day.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`posilki-do-przygotowania-${yyyy}-${mm}-${dd}.pdf`);
});
