import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

// Issue 14, "Done when": a parent tops up 50.00 PLN through the fake paywall and sees the balance grow by 50.00 once,
// although the notification is sent twice (the fake Przelewy24 delivers every notification twice, as P24 repeats one
// until it is acknowledged). The demo tenant has online payments through Przelewy24 in sandbox mode and the e2e
// server runs with PAYMENTS_FAKE, so the paywall is the local one: no internet, no money.

const PARENT = 'ewa.mazur@example.pl';

const pln = (amount: string) => new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(Number(amount));

async function balanceOf(page: Page, token: string): Promise<number> {
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/auth/currentUser/balance', { headers: { authorization: `Bearer ${bearer}` } });
    return Math.round(Number(((await response.json()) as { amount: string }).amount) * 100);
  }, token);
}

test('a parent tops up 50.00 through the fake Przelewy24 paywall; the balance grows by 50.00 once', async ({ page }) => {
  await page.goto('/api/health');
  const token = await apiToken(page, PARENT);
  const before = await balanceOf(page, token);
  const expected = ((before + 5000) / 100).toFixed(2);

  await signedIn(page, PARENT);
  await page.goto('/billing');
  const form = page.getByRole('form', { name: 'Doładuj online' });
  await expect(form.getByLabel('Kwota doładowania (zł)')).toHaveValue('20.00');
  await form.getByLabel('Kwota doładowania (zł)').fill('50,00');
  const summary = form.getByRole('table', { name: 'Podsumowanie płatności' });
  await expect(summary.getByRole('row', { name: /Do zapłaty/ })).toContainText(pln('50.00'));
  await form.getByRole('button', { name: 'Zapłać przez Przelewy24' }).click();

  // The fake paywall, clearly a test.
  await expect(page).toHaveURL(/\/payments\/fake\/przelewy24\/FAKE/);
  await expect(page.getByRole('alert')).toHaveText(/TEST PAYWALL — no real money/);
  await expect(page.getByTestId('amount')).toHaveText('50.00 PLN');
  await page.getByRole('button', { name: 'Pay / Zapłać' }).click();

  // Back in the app: the payment's real state and the new balance.
  await expect(page).toHaveURL(/\/payments\/paid\?paymentId=\d+$/);
  await expect(page.getByText('Płatność otrzymana. Saldo zostało doładowane.')).toBeVisible();
  await expect(page.getByLabel('Twoje saldo')).toHaveText(pln(expected));
  expect(await balanceOf(page, token)).toBe(before + 5000);

  // Once: the history has one deposit of this payment, and a reload changes nothing.
  await page.reload();
  await expect(page.getByText('Płatność otrzymana. Saldo zostało doładowane.')).toBeVisible();
  expect(await balanceOf(page, token)).toBe(before + 5000);
  const deposits = await page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/transactions?kind=deposit&perPage=100', { headers: { authorization: `Bearer ${bearer}` } });
    return ((await response.json()) as { items: { description: string }[] }).items.filter((row) => row.description.startsWith('przelewy24 ')).length;
  }, token);
  expect(deposits).toBe(1);
});
