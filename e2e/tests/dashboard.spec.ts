import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';
const INSTITUTIONS_ADMIN = 'placowki@demo.kantyna.pl';

/** A GET of the API as `email` (a token from the sign-in site), made from the page. */
async function apiGet<T>(page: Page, email: string, path: string): Promise<T> {
  const token = await apiToken(page, email);
  return page.evaluate(
    async ([url, bearer]) => {
      const response = await fetch(`/api/frontend/${url}`, { headers: { authorization: `Bearer ${bearer}` } });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      return response.json();
    },
    [path, token],
  ) as Promise<T>;
}

/** Today in the tenant's zone (`YYYY-MM-DD`), by the same clock as the server's. */
const warsawToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A day with the demo's meals ordered: the latest day of the terminal's window (today and the 7 days before) whose
 * count is not 0. The demo orders the last school day up to today, so on a weekend or a public holiday this is the
 * school day before it, never "today as found".
 */
async function dayWithOrders(page: Page): Promise<{ date: string; ordered: number }> {
  const today = warsawToday();
  for (let back = 0; back <= 7; back += 1) {
    const date = addDays(today, -back);
    const summary = await apiGet<{ totals: { ordered: number } }>(page, ADMIN, `terminal/summary?date=${date}`);
    if (summary.totals.ordered > 0) return { date, ordered: summary.totals.ordered };
  }
  throw new Error(`the demo has no meals ordered from ${addDays(today, -7)} to ${today}`);
}

const TOTALS_TABLE = 'Posiłki według placówek, rodzajów posiłków i diet';

test("the admin lands on the dashboard: today's meals ordered are the day's live orders, a day's table adds up, and the charts are drawn", async ({ page }) => {
  await signedIn(page, ADMIN);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  // Today's card is the terminal's count of today (live meals: active and served), every institution; on a day
  // without school (a weekend, a holiday) that count is 0 and the card says so.
  const today = await apiGet<{ totals: { ordered: number } }>(page, ADMIN, `terminal/summary?date=${warsawToday()}`);
  await expect(page.getByRole('group', { name: 'Zamówione posiłki' })).toHaveText(`Zamówione posiłki${today.totals.ordered}Bez posiłków anulowanych.`);

  // The day's table for a day with the demo's orders (today on a school day), chosen as the admin does: the date
  // filter, which shows that day's date in the table's heading.
  const day = await dayWithOrders(page);
  await page.getByLabel('Dzień', { exact: true }).fill(day.date);
  const [year, month, dayOfMonth] = day.date.split('-');
  await expect(page.getByRole('heading', { name: `Posiłki w dniu ${dayOfMonth}.${month}.${year}` })).toBeVisible();
  // It adds up to the terminal's count of that day.
  const totals = page.getByRole('table', { name: TOTALS_TABLE });
  await expect(totals.locator('tfoot th').nth(1)).toHaveText(String(day.ordered));

  // Both charts are drawn on a canvas (Chart.js), each with its figures as its accessible name.
  const meals = page.getByRole('img', { name: /^Wykres posiłków, / });
  await expect(meals).toBeVisible();
  await expect(page.getByRole('img', { name: /^Wykres wpłat, / })).toBeVisible();
  expect((await meals.boundingBox())?.height).toBeGreaterThan(100);

  // Per month over the year.
  await page.getByRole('button', { name: 'Miesiące roku' }).click();
  await expect(page.getByRole('heading', { name: /^Posiłki miesięcznie, \d{4}$/ })).toBeVisible();
  await expect(page).toHaveURL(/period=year/);
});

test("an institutions admin sees only their institutions in a day's totals", async ({ page }) => {
  await signedIn(page, INSTITUTIONS_ADMIN);
  const user = await apiGet<{ institutionsIds: number[] }>(page, INSTITUTIONS_ADMIN, 'auth/currentUser');
  const options = await apiGet<{ items: { value: number; text: string }[] }>(page, ADMIN, 'institutions/options?perPage=9999');
  const theirs = options.items.filter((option) => user.institutionsIds.includes(option.value)).map((option) => option.text);
  // The admin's totals of a day with orders name an institution that is not theirs: so what they are shown is narrowed.
  const day = await dayWithOrders(page);
  const everyone = await apiGet<{ rows: { institution: { name: string } }[] }>(
    page,
    ADMIN,
    `dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet?date=${day.date}`,
  );
  expect(everyone.rows.some((row) => !theirs.includes(row.institution.name))).toBe(true);

  await page.goto(`/dashboard?date=${day.date}`);
  const totals = page.getByRole('table', { name: TOTALS_TABLE });
  await expect(totals.locator('tbody tr').first()).toBeVisible();
  const shown = await totals.locator('tbody tr td:first-child').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) expect(theirs).toContain(name);
});
