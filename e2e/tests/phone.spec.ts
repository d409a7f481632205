import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

// Issue 11, "What users trip over": on a 375 px phone no page scrolls sideways, the calendar's bar stays one
// short line until days are selected, and the main menu's entries are finger-sized (44 px).

const PARENT = 'anna.nowak@example.pl';
const ADMIN = 'admin@demo.kantyna.pl';
const PHONE = { width: 375, height: 812 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function expectNoSidewaysScroll(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

test('a parent’s pages fit a phone: order details, price lists, billing, the calendar with a one-line bar', async ({ page }) => {
  await page.goto('/api/health');
  const token = await apiToken(page, PARENT);
  const orders = await page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/orders?page=1&perPage=1', { headers: { authorization: `Bearer ${bearer}` } });
    return ((await response.json()) as { items: { id: number }[] }).items;
  }, token);
  await signedIn(page, PARENT);

  for (const path of ['/priceLists', '/billing', '/calendar/user', ...orders.map((order) => `/orders/${order.id}`)]) {
    await expectNoSidewaysScroll(page, path);
  }

  await page.goto('/calendar/user');
  const bar = page.getByRole('region', { name: 'Zaznaczone dni' });
  await expect(bar).toContainText('Nie zaznaczono dni');
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(64);

  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  for (const link of await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link').all()) {
    if (await link.isVisible()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
});

test('the ledger pages fit a phone', async ({ page }) => {
  await signedIn(page, ADMIN);
  for (const path of ['/transactions', '/deposits', '/usersTransactions', '/monthlyBalanceReport', '/orders']) {
    await expectNoSidewaysScroll(page, path);
  }
});
