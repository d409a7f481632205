import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

/** The stock cell of an ingredient on the stock page, as a number ("12 000 g" → 12000, "3,5 g" → 3.5). */
async function stockOf(page: Page, ingredient: string): Promise<number> {
  await page.goto('/inventory/stock?days=0');
  const row = page.getByRole('table', { name: 'Stany magazynowe' }).getByRole('row', { name: new RegExp(`^${ingredient}\\b`) });
  const text = (await row.getByRole('cell').first().textContent()) ?? '';
  return Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));
}

test('an admin records a delivery and an outcome and sees the stock change; low stock shows', async ({ page }) => {
  await signedIn(page, ADMIN);
  const before = await stockOf(page, 'Cebula');

  // A delivery of 5 kg of onions.
  await page.goto('/inventory/incomes/create');
  const income = page.getByRole('form', { name: 'Zapisz przyjęcie' });
  await income.getByLabel(/^Składnik/).selectOption({ label: 'Cebula' });
  await income.getByLabel(/^Ilość/).fill('5000');
  await income.getByLabel(/^Cena jednostkowa netto/).fill('2,50');
  await income.getByLabel(/^Dostawca/).fill('Warzywa Kowalski');
  await income.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/inventory\/incomes$/);
  await expect(page.getByRole('table', { name: 'Przyjęcia magazynowe' }).getByRole('row', { name: /Warzywa Kowalski/ }).first()).toBeVisible();
  expect(await stockOf(page, 'Cebula')).toBe(before + 5000);

  // 1.2 kg of it wasted.
  await page.goto('/inventory/outcomes/create');
  const outcome = page.getByRole('form', { name: 'Zapisz rozchód' });
  await outcome.getByLabel(/^Składnik/).selectOption({ label: 'Cebula' });
  await outcome.getByLabel(/^Ilość/).fill('1200');
  await outcome.getByLabel(/^Powód/).selectOption({ label: 'Straty' });
  await outcome.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/inventory\/outcomes$/);
  expect(await stockOf(page, 'Cebula')).toBe(before + 3800);

  // The demo's eggs are under their minimum: the low-stock view lists them with what to order.
  await page.goto('/inventory/stock?low=true&days=0');
  const eggs = page.getByRole('table', { name: 'Stany magazynowe' }).getByRole('row', { name: /^Jajka/ });
  await expect(eggs).toContainText('niski');
  await expect(eggs).toContainText('300 szt.');
});
