import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

test('an admin opens meals to prepare for a day of the demo orders: its counts are those of the orders list', async ({ page }) => {
  await signedIn(page, ADMIN);

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

/** The portions table as `meal type | diet | portion size` → portions, with the meal types' and the day's totals. */
async function portionsOf(page: Page): Promise<Record<string, number>> {
  const table = page.getByRole('table', { name: 'Porcje do przygotowania' });
  await expect(table.locator('tfoot tr')).toBeVisible();
  return table.evaluate((node) => {
    const counts: Record<string, number> = {};
    let mealType = '';
    for (const row of Array.from(node.querySelectorAll('tbody tr'))) {
      const cells = Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? '');
      const portions = Number(cells[cells.length - 1]);
      if (row.classList.contains('table-light')) {
        mealType = cells[0];
        counts[mealType] = (counts[mealType] ?? 0) + portions;
      } else if (cells.length === 5 && cells[2] !== '') {
        const key = `${mealType} | ${cells[2]} | ${cells[3]}`;
        counts[key] = (counts[key] ?? 0) + portions;
      }
    }
    counts.Razem = Number(node.querySelector('tfoot tr th:last-child')?.textContent);
    return counts;
  });
}

/** Milliseconds Warsaw's wall clock is ahead of UTC at `instant`. */
function warsawOffset(instant: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Warsaw',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - (instant - (instant % 1000));
}

/** The moment ordering (and cancelling) for `day` closes: `time` on the day `daysBefore` days earlier, in Warsaw. */
function deadlineOf(day: string, daysBefore: number, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) - daysBefore, hours, minutes);
  return new Date(wall - warsawOffset(wall - warsawOffset(wall)));
}

test("a meal cancelled before the day's cut-off is one portion fewer to prepare for that day", async ({ page }) => {
  await signedIn(page, ADMIN);
  const token = await apiToken(page, ADMIN);
  const config = await page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/common/settings/ordersConfig', { headers: { authorization: `Bearer ${bearer}` } });
    return (await response.json()) as { orderDeadlineDaysBefore: number; orderDeadlineTime: string };
  }, token);

  // The next day with demo orders (tomorrow on a school day) whose cut-off is still at least 15 minutes away.
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const open = (day: string) => deadlineOf(day, config.orderDeadlineDaysBefore, config.orderDeadlineTime).getTime() > Date.now() + 15 * 60_000;
  const days = (await summary.locator('tbody tr td:first-child').allTextContents()).map((text) => text.trim().split('.').reverse().join('-'));
  const day = [...new Set(days)].filter((date) => date > today && open(date)).sort()[0];
  expect(day, 'a day of demo orders still open for cancelling').toBeTruthy();
  const shown = day!.split('-').reverse().join('.');

  // What the kitchen prepares that day, before the cancellation.
  await page.goto(`/mealsToPrepare?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Posiłki do przygotowania' })).toBeVisible();
  const before = await portionsOf(page);

  // A child's meal of that day (Hanna: no other spec reads her orders or her parent's balance) cancelled on her order.
  await page.goto(`/orders?dateFrom=${day}&dateTo=${day}&status=active`);
  const list = page.getByRole('table', { name: 'Zamówienia' });
  await list.getByRole('row').filter({ hasText: 'Hanna Krawczyk' }).getByRole('link').first().click();
  const items = page.getByRole('table', { name: 'Posiłki' });
  const item = items.getByRole('row').filter({ hasText: shown }).filter({ hasText: 'Hanna Krawczyk' }).filter({ hasText: 'Aktywne' });
  await expect(item).toHaveCount(1);
  const [, , mealType, diet, portionSize] = (await item.locator('td').allTextContents()).map((text) => text.trim());
  await item.getByRole('button', { name: `Anuluj: ${mealType} (Hanna Krawczyk), ${shown}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Anulowano.')).toBeVisible();
  await expect(items.getByRole('row').filter({ hasText: shown }).filter({ hasText: 'Hanna Krawczyk' })).toContainText('Anulowane');

  // On reload: exactly one portion fewer of that meal type, diet and size, in its meal type and in the day's total;
  // every other count as it was.
  await page.goto(`/mealsToPrepare?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Posiłki do przygotowania' })).toBeVisible();
  const key = `${mealType} | ${diet} | ${portionSize}`;
  expect(before[key], `${key} was prepared before`).toBeGreaterThanOrEqual(1);
  const expected = { ...before, [key]: before[key]! - 1, [mealType!]: before[mealType!]! - 1, Razem: before.Razem! - 1 };
  if (expected[key] === 0) delete expected[key];
  await expect.poll(() => portionsOf(page)).toEqual(expected);
});
