import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

test("an admin reads the kitchen's summary of the orders, exports the list and downloads an order's confirmation", async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/orders');
  const list = page.getByRole('table', { name: 'Zamówienia' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();

  // The summary counts the live meals (active and served) the totals line counts for the same filters.
  const totals = page.getByRole('status', { name: 'Podsumowanie' });
  await expect(totals).toContainText('Aktywne posiłki');
  const totalsText = (await totals.textContent()) ?? '';
  const count = (label: string) => Number(new RegExp(`${label}: (\\d+)`).exec(totalsText)?.[1]);
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row', { name: /Razem posiłków/ })).toHaveText(`Razem posiłków${count('Aktywne posiłki') + count('Wydane')}`);

  // The filtered list as a spreadsheet, named in Polish with today's date.
  await page.getByRole('button', { name: 'Eksport' }).click();
  const [spreadsheet] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel (XLSX)' }).click()]);
  expect(spreadsheet.suggestedFilename()).toMatch(/^zamowienia-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect((await readFile((await spreadsheet.path())!)).subarray(0, 2).toString()).toBe('PK');

  // One order's confirmation, as a PDF.
  const first = list.getByRole('row').nth(1).getByRole('link').first();
  const id = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${id}` })).toBeVisible();
  const [confirmation] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Potwierdzenie (PDF)' }).click()]);
  expect(confirmation.suggestedFilename()).toBe(`potwierdzenie-zamowienia-${id}.pdf`);
  expect((await readFile((await confirmation.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});

test('an admin prints the labels of two selected live orders as one PDF from the orders list', async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/orders?status=active');
  const list = page.getByRole('table', { name: 'Zamówienia' });
  await expect(list.getByRole('row').nth(2)).toBeVisible();
  await list.getByRole('row').nth(1).getByRole('checkbox', { name: 'Zaznacz wiersz' }).check();
  await list.getByRole('row').nth(2).getByRole('checkbox', { name: 'Zaznacz wiersz' }).check();
  const actions = page.getByRole('region', { name: 'Akcje dla zaznaczonych wierszy' });
  await expect(actions).toContainText('Zaznaczono 2');

  const [response, download] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/orders/labels/print')),
    page.waitForEvent('download'),
    actions.getByRole('button', { name: 'Drukuj etykiety (PDF)' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  // Printing changes nothing: both orders are still selected and live.
  await expect(actions).toContainText('Zaznaczono 2');
});
