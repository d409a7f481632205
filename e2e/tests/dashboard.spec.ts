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

test("the admin lands on the dashboard: today's meals ordered are the day's live orders, and the charts are drawn", async ({ page }) => {
  await signedIn(page, ADMIN);

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pulpit' })).toBeVisible();
  // The terminal's count of today (live meals: active and served), every institution: the demo's orders of today.
  const summary = await apiGet<{ totals: { ordered: number } }>(page, ADMIN, 'terminal/summary');
  expect(summary.totals.ordered).toBeGreaterThan(0);
  await expect(page.getByRole('group', { name: 'Zamówione posiłki' })).toHaveText(`Zamówione posiłki${summary.totals.ordered}Bez posiłków anulowanych.`);
  // The day's table adds up to the same.
  const totals = page.getByRole('table', { name: 'Posiłki według placówek, rodzajów posiłków i diet' });
  await expect(totals.locator('tfoot th').nth(1)).toHaveText(String(summary.totals.ordered));

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

test('an institutions admin sees only their institutions in the day\'s totals', async ({ page }) => {
  await signedIn(page, INSTITUTIONS_ADMIN);
  const user = await apiGet<{ institutionsIds: number[] }>(page, INSTITUTIONS_ADMIN, 'auth/currentUser');
  const options = await apiGet<{ items: { value: number; text: string }[] }>(page, ADMIN, 'institutions/options?perPage=9999');
  const theirs = options.items.filter((option) => user.institutionsIds.includes(option.value)).map((option) => option.text);
  // The admin's totals of today name an institution that is not theirs: so what they are shown is narrowed.
  const everyone = await apiGet<{ rows: { institution: { name: string } }[] }>(
    page,
    ADMIN,
    'dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet',
  );
  expect(everyone.rows.some((row) => !theirs.includes(row.institution.name))).toBe(true);

  await page.goto('/dashboard');
  const totals = page.getByRole('table', { name: 'Posiłki według placówek, rodzajów posiłków i diet' });
  await expect(totals.locator('tbody tr').first()).toBeVisible();
  const shown = await totals.locator('tbody tr td:first-child').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) expect(theirs).toContain(name);
});
