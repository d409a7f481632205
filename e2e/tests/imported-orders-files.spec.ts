import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn, xlsxOf } from './helpers';

// Issue 16, "Done when": an orders file of 20 rows becomes 20 orders after confirmation and nothing more on a second
// confirm. The rows: four demo children (by their dining card numbers, seed_demo: 100001...) × five school days
// five weeks ahead, past the demo's own orders and well before every cut-off; lunch (Obiad) for each.

const ADMIN = 'admin@demo.kantyna.pl';
const CARDS = ['100001', '100002', '100004', '100006']; // children on the standard diet
const FILE_NAME = 'zamowienia-placowki.xlsx';

interface Page_<T> {
  items: T[];
  total: number;
}

async function call<T>(page: Page, token: string, path: string, method = 'GET'): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([bearer, url, verb]) => {
      const response = await fetch(`/api/frontend/${url}`, { method: verb, headers: { authorization: `Bearer ${bearer}` } });
      return { status: response.status, body: (await response.json()) as T };
    },
    [token, path, method] as const,
  );
}

const iso = (day: Date) => day.toISOString().slice(0, 10);

/** Five weekdays from the first Monday at least five weeks ahead, none of them a free day (public holidays). */
async function schoolDays(page: Page, token: string): Promise<string[]> {
  const start = new Date();
  start.setUTCHours(12, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + 35 + ((8 - start.getUTCDay()) % 7));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 27);
  const free = await call<Page_<{ date: string }>>(page, token, `calendar/freeDays?dateFrom=${iso(start)}&dateTo=${iso(end)}&perPage=100`);
  const freeDays = new Set(free.body.items.map((day) => day.date));
  const days: string[] = [];
  for (const day = new Date(start); days.length < 5; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !freeDays.has(iso(day))) days.push(iso(day));
  }
  return days;
}

async function ordersBetween(page: Page, token: string, days: string[]): Promise<number> {
  const orders = await call<Page_<unknown>>(page, token, `orders?dateFrom=${days[0]}&dateTo=${days[days.length - 1]}&status=active&perPage=1`);
  return orders.body.total;
}

test('an admin uploads a 20-row orders file, sees 20 OK rows, confirms into 20 orders; a second confirm orders nothing', async ({ page }) => {
  await page.goto('/api/health');
  const token = await apiToken(page, ADMIN);
  const days = await schoolDays(page, token);
  const before = await ordersBetween(page, token, days);
  const rows = CARDS.flatMap((card) => days.map((day) => [card, day, 'Obiad']));
  expect(rows).toHaveLength(20);

  await signedIn(page, ADMIN);
  await page.goto('/importedOrdersFiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Zaimportowane pliki zamówień' })).toBeVisible();
  await page.getByRole('button', { name: 'Wgraj plik zamówień' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wgraj plik zamówień' });
  await dialog.getByLabel('Plik zamówień', { exact: true }).setInputFiles({
    name: FILE_NAME,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsxOf([['Numer karty', 'Data', 'Rodzaj posiłku'], ...rows]),
  });
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: FILE_NAME })).toBeVisible();

  // The report: 20 OK rows, no problem, 20 meals to order; nothing ordered yet.
  const totals = page.getByRole('group', { name: 'Podsumowanie' });
  await expect(totals).toContainText('Wiersze poprawne20');
  await expect(totals).toContainText('Wiersze z problemami0');
  await expect(totals).toContainText('Posiłki do zamówienia20');
  const report = page.getByRole('table', { name: 'Wiersze pliku' });
  await expect(report.getByRole('row').filter({ hasText: 'Poprawny' })).toHaveCount(20);
  expect(await ordersBetween(page, token, days)).toBe(before);

  await page.getByRole('button', { name: 'Zatwierdź i zamów wiersze: 20' }).click();
  const question = page.getByRole('dialog', { name: 'Zamów poprawne wiersze' });
  await question.getByRole('button', { name: 'Zamów' }).click();
  await expect(page.getByText(/Zamówiono posiłki \(20\) z wierszy \(20\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Zatwierdź i zamów/ })).toHaveCount(0);
  await expect(report.getByRole('row').filter({ hasText: 'Zamówiony' })).toHaveCount(20);
  expect(await ordersBetween(page, token, days)).toBe(before + 20);

  // Confirming again (the button is gone; the API refuses) orders nothing more.
  const id = /\/importedOrdersFiles\/(\d+)/.exec(page.url())?.[1];
  const again = await call<{ message: string }>(page, token, `importedOrdersFiles/${id}/confirm`, 'POST');
  expect(again.status).toBe(409);
  expect(await ordersBetween(page, token, days)).toBe(before + 20);
});
