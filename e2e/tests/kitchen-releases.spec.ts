import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

test("an admin releases tomorrow's batch of a route for transport, then records a day's release and sees ordered vs released", async ({
  page,
}) => {
  await signedIn(page, ADMIN);

  // Tomorrow (the page's default day) for the central kitchen: its routes with their stops, none released yet.
  await page.goto('/mealsToPrepare');
  await page.getByLabel('Kuchnia').selectOption({ label: 'Kuchnia centralna Ochota' });
  const route = page.getByRole('article', { name: 'Trasa T1' });
  await expect(route.getByText('Kierowca: Krzysztof Nowak')).toBeVisible();
  await expect(route.getByText('Niewydane')).toBeVisible();

  await route.getByRole('button', { name: 'Oznacz jako wydane do transportu' }).click();
  await expect(route.getByText(/^Wydano do transportu .*\(.+\)$/)).toBeVisible();
  await expect(route.getByRole('button', { name: 'Cofnij wydanie' })).toBeVisible();
  // The state is the server's: it survives a reload.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Trasa T1' }).getByText(/^Wydano do transportu/)).toBeVisible();

  // A day with orders (the orders list's kitchen summary), its ordered vs released per institution.
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const day = (await summary.locator('tbody tr').first().locator('td').first().textContent())?.trim() ?? '';
  const [dd, mm, yyyy] = day.split('.');

  await page.goto(`/dailyMealsReleases?date=${yyyy}-${mm}-${dd}`);
  const heading = page.getByRole('heading', { level: 2 }).first();
  await expect(heading).toContainText('Niezapisane');
  const institution = (await heading.evaluate((node) => node.firstChild?.textContent ?? '')).trim();
  await heading.getByRole('link', { name: 'Zapisz wydanie' }).click();

  // The form is prefilled with the ordered counts; one more meal of the first kind was handed over.
  await expect(page.getByText('Wypełniono liczbą zamówionych posiłków.')).toBeVisible();
  const first = page.getByLabel(/^Wydano: /).first();
  const ordered = Number(await first.inputValue());
  await first.fill(String(ordered + 1));
  await page.getByRole('button', { name: 'Zapisz' }).click();

  // Back on the list: the institution's day is recorded, the first row released one more than ordered.
  const table = page.getByRole('table', { name: institution });
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(institution) })).toContainText('Zapisane');
  const row = table.locator('tbody tr').first();
  await expect(row.locator('td').nth(2)).toHaveText(String(ordered));
  await expect(row.locator('td').nth(3)).toHaveText(String(ordered + 1));
  await expect(row.locator('td').nth(4)).toHaveText('+1');
  await expect(row).toHaveClass(/table-warning/);
});
