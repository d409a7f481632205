import { expect, test, type Page } from '@playwright/test';
import { apiToken, bookDeposit, signedIn, uniqueSuffix } from './helpers';

// Issue 5, "Done when": an admin adds a deposit that the parent then sees (balance and history).

const PARENT = { email: 'anna.nowak@example.pl', payer: 'Nowak Anna (anna.nowak@example.pl)' };
const ADMIN = 'admin@demo.kantyna.pl';

const pln = (amount: string) => new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(Number(amount));
/** The text as the page has it, with the no-break spaces of the Polish number format made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function balanceOf(page: Page, token: string): Promise<number> {
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/auth/currentUser/balance', { headers: { authorization: `Bearer ${bearer}` } });
    return Math.round(Number(((await response.json()) as { amount: string }).amount) * 100);
  }, token);
}

test('an admin books a deposit for a parent on /transactions; the parent sees the new balance and the deposit on /billing', async ({
  page,
  browser,
}, testInfo) => {
  await page.goto('/api/health');
  const parentToken = await apiToken(page, PARENT.email);
  const before = await balanceOf(page, parentToken);
  const description = `Wpłata gotówką e2e ${uniqueSuffix()}`;
  const deposit = '123,45';
  const expected = ((before + 12345) / 100).toFixed(2);

  // The admin books the deposit.
  await signedIn(page, ADMIN);
  await bookDeposit(page, PARENT.payer, deposit, description);
  const booked = page.getByRole('row', { name: new RegExp(description) });
  await expect(booked).toContainText('Wpłata');
  await expect(booked).toContainText('Nowak');
  expect(plain((await booked.textContent()) ?? '')).toContain(plain(pln('123.45')));
  expect(await balanceOf(page, parentToken)).toBe(before + 12345);

  // The parent, in a browser of their own, sees it.
  const parentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const parentPage = await parentContext.newPage();
  await signedIn(parentPage, PARENT.email);
  await expect(parentPage.getByTestId('customer-amounts')).toContainText(`Saldo: ${pln(expected)}`);
  await parentPage.goto('/billing');
  await expect(parentPage.getByRole('heading', { level: 1, name: 'Rozliczenia' })).toBeVisible();
  await expect(parentPage.getByLabel('Twoje saldo')).toHaveText(pln(expected));
  const history = parentPage.getByRole('table', { name: 'Historia transakcji' });
  const row = history.getByRole('row', { name: new RegExp(description) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Wpłata');
  const rowText = plain((await row.textContent()) ?? '');
  expect(rowText).toContain(plain(pln('123.45')));
  // The row's "balance after" is the balance the parent now has.
  expect(rowText).toContain(plain(pln(expected)));
  await parentContext.close();
});
