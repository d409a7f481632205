import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn, uniqueSuffix } from './helpers';

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

interface Named {
  id: number;
  name: string;
}

/** A call of the API as `token`'s user: the status and the JSON answer (none for 204). */
async function call<T>(page: Page, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ([bearer, verb, url, payload]) => {
      const response = await fetch(`/api/frontend/${url}`, {
        method: verb,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'accept-language': 'pl' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, data: text ? JSON.parse(text) : null };
    },
    [token, method, path, body] as const,
  ) as Promise<{ status: number; data: T }>;
}

test("a child allergic to gluten whose dish of the day contains it is a clash above the day's counts", async ({ page }) => {
  await signedIn(page, ADMIN);
  const token = await apiToken(page, ADMIN);

  // A day of the demo orders, as the orders list's kitchen summary shows them (never "today" as found).
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const shown = (await summary.locator('tbody tr td').first().textContent())!.trim();
  const day = shown.split('.').reverse().join('-');

  // A child without allergies with a live order that day on the standard diet (a diet may forbid recording
  // allergens: the gluten-free one does): their first portion's meal type and diet.
  type Receiver = { subjectType: string; id: number; firstName: string; lastName: string; allergens: string[]; portions: { mealType: string; diet: string }[] };
  const receivers = await call<{ items: Receiver[] }>(page, token, 'GET', `orders/getUsersForLabels?date=${day}&perPage=500`);
  expect(receivers.status).toBe(200);
  const receiver = receivers.data.items.find(
    (one) => one.subjectType === 'child' && one.allergens.length === 0 && one.firstName !== 'Hanna' && one.portions[0]?.diet === 'Standardowa',
  );
  expect(receiver, `a child without allergies with an order on ${day}`).toBeDefined();
  const { mealType, diet } = receiver!.portions[0]!;
  const child = (await call<{ firstName: string; lastName: string; institutionId: number; classroomId: number; dietId: number; allergiesNote: string }>(page, token, 'GET', `children/${receiver!.id}`)).data;
  const named = async (path: string, name: string) => {
    const { data } = await call<{ items: Named[] }>(page, token, 'GET', `${path}?perPage=9999`);
    const found = data.items.find((one) => one.name === name);
    expect(found, `${name} in ${path}`).toBeDefined();
    return found!;
  };
  const gluten = (await call<{ items: Named[] }>(page, token, 'GET', 'allergens?perPage=9999')).data.items.find((one) => /gluten/i.test(one.name));
  expect(gluten, 'an allergen of gluten').toBeDefined();
  const mealTypeId = (await named('mealTypes', mealType)).id;
  const dietId = (await named('diets', diet)).id;

  // The admin records the gluten allergy and adds a wheat dish to that child's menu cell (institution, meal type,
  // diet of the day) through a menu of that day only; both are undone at the end.
  const dishName = `Placki pszenne ${uniqueSuffix()}`;
  const dish = await call<Named>(page, token, 'POST', 'meals', { name: dishName, allergensIds: [gluten!.id] });
  expect(dish.status, JSON.stringify(dish.data)).toBe(201);
  const menu = await call<Named>(page, token, 'POST', 'mealsMenus', {
    name: `Alergeny ${dishName}`,
    dateFrom: day,
    dateTo: day,
    institutionsIds: [child.institutionId],
    dietsIds: [dietId],
  });
  expect(menu.status, JSON.stringify(menu.data)).toBe(201);
  const restoreChild = { firstName: child.firstName, lastName: child.lastName, classroomId: child.classroomId, dietId: child.dietId, allergiesNote: child.allergiesNote };
  try {
    const cells = await call(page, token, 'PUT', `mealsMenus/${menu.data.id}/updateParts`, { cells: [{ date: day, mealTypeId, mealsIds: [dish.data.id] }] });
    expect(cells.status, JSON.stringify(cells.data)).toBe(200);
    const allergic = await call(page, token, 'PUT', `children/${receiver!.id}`, { ...restoreChild, allergies: [gluten!.id] });
    expect(allergic.status, JSON.stringify(allergic.data)).toBe(200);

    // Meals to prepare of that day: the clash (child, dish, gluten) in the warning above the counts.
    await page.goto(`/mealsToPrepare?date=${day}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Uwaga: alergeny w daniach' })).toBeVisible();
    const clashes = page.getByRole('table', { name: 'Alergeny w daniach' });
    const row = clashes.getByRole('row').filter({ hasText: `${receiver!.firstName} ${receiver!.lastName}` }).filter({ hasText: dishName });
    // The dish column names every dish of the cell that contains the allergen (the demo's own dish may too).
    await expect(row.locator('td')).toHaveText([`${receiver!.firstName} ${receiver!.lastName}`, /.+/, /.*/, mealType, new RegExp(dishName), gluten!.name]);
    const portions = page.getByRole('table', { name: 'Porcje do przygotowania' });
    const [above, below] = [await clashes.boundingBox(), await portions.boundingBox()];
    expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
  } finally {
    await call(page, token, 'PUT', `children/${receiver!.id}`, { ...restoreChild, allergies: [] });
    await call(page, token, 'DELETE', `mealsMenus/${menu.data.id}`);
    await call(page, token, 'DELETE', `meals/${dish.data.id}`);
  }
});
