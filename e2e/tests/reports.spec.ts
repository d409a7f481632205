import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, readXlsx, signedIn, uniqueSuffix } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';
const HEADER = ['Placówka', 'Miesiąc'];

/** This month's first and last day (`YYYY-MM-DD`): the demo's orders are around today. */
function thisMonth(): { dateFrom: string; dateTo: string } {
  const today = new Date();
  const iso = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return {
    dateFrom: iso(new Date(today.getFullYear(), today.getMonth(), 1)),
    dateTo: iso(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

interface OrdersTotals {
  items: { active: number; served: number; cancelled: number };
  grossAmount: { amount: string };
}

/** The orders list's totals for the period, as the admin (a token from the sign-in site), asked from the page. */
async function ordersTotals(page: Page, dateFrom: string, dateTo: string): Promise<OrdersTotals> {
  const token = await apiToken(page, ADMIN);
  return page.evaluate(
    async ([query, bearer]) => {
      const response = await fetch(`/api/frontend/orders_totals?${query}`, { headers: { authorization: `Bearer ${bearer}` } });
      if (response.status !== 200) throw new Error(`orders_totals answered ${response.status}`);
      return response.json();
    },
    [`dateFrom=${dateFrom}&dateTo=${dateTo}`, token],
  ) as Promise<OrdersTotals>;
}

/** The totals' row of the report (meals and amount: its last two cells), checked to be the orders list's. */
function expectTotals(rows: string[][], totals: OrdersTotals): void {
  expect(rows[0]!.slice(0, 2)).toEqual(HEADER);
  expect(rows[0]!.slice(-2)).toEqual(['Posiłki', 'Kwota (zł)']);
  const last = rows.at(-1)!;
  expect(last[0]).toBe('Razem');
  expect(Number(last.at(-2))).toBe(totals.items.active + totals.items.served);
  expect(Number(last.at(-1)).toFixed(2)).toBe(totals.grossAmount.amount);
}

test("the admin downloads this month's orders per institution as XLSX, its totals are the orders list's, and sends it by e-mail", async ({
  page,
}) => {
  const { dateFrom, dateTo } = thisMonth();
  await signedIn(page, ADMIN);
  const totals = await ordersTotals(page, dateFrom, dateTo);
  expect(totals.items.active + totals.items.served).toBeGreaterThan(0);

  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Zamówienia według placówek' })).toBeVisible();
  await page.getByLabel('Od', { exact: true }).fill(dateFrom);
  await page.getByLabel('Do', { exact: true }).fill(dateTo);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe(`Zamówienia według placówek ${dateFrom}_${dateTo}.xlsx`);
  expectTotals(readXlsx(await readFile((await download.path())!)), totals);

  const address = `biuro-${uniqueSuffix()}@example.com`;
  await page.getByLabel('Adresy e-mail').fill(address);
  await page.getByRole('button', { name: 'Wyślij e-mailem' }).click();
  await expect(page.getByRole('status')).toHaveText(`Raport jest przygotowywany i zostanie wysłany na adresy: ${address}.`);

  // The job worker makes the file and sends it: the e-mail appears on the dev mail page with the XLSX attached.
  const message = page.locator('article', { hasText: address }).first();
  await expect(async () => {
    await page.goto('/sso/dev/mail');
    await expect(message).toContainText('Raport: Zamówienia według placówek');
  }).toPass({ timeout: 30_000 });
  const [attached] = await Promise.all([
    page.waitForEvent('download'),
    message.getByRole('link', { name: `Zamówienia według placówek ${dateFrom}_${dateTo}.xlsx` }).click(),
  ]);
  expectTotals(readXlsx(await readFile((await attached.path())!)), totals);
});
