import { expect, test } from '@playwright/test';
import { signedIn } from './helpers';

test('an admin changes the fees and they are there after a reload', async ({ page }) => {
  await signedIn(page, 'admin@demo.kantyna.pl');
  await page.goto('/settings/tenant');
  await expect(page).toHaveURL(/\/settings\/tenant\/presences$/);

  await page.getByRole('link', { name: 'Opłaty' }).click();
  await expect(page).toHaveURL(/\/settings\/tenant\/fees$/);
  await page.getByLabel('Dodawaj opłatę manipulacyjną').check();
  await page.getByLabel('Domyślna opłata manipulacyjna (zł)').fill('1,50');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Ustawienia zostały zapisane.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Dodawaj opłatę manipulacyjną')).toBeChecked();
  await expect(page.getByLabel('Domyślna opłata manipulacyjna (zł)')).toHaveValue(/^1[,.]50$/);
});

test('an invalid bank account number is refused with a message and nothing is saved', async ({ page }) => {
  await signedIn(page, 'admin@demo.kantyna.pl');
  await page.goto('/settings/tenant/payments');
  const account = page.getByLabel('Numer rachunku bankowego', { exact: true });
  await expect(account).toHaveValue('61109010140000071219812874');

  await account.fill('61109010140000071219812875');
  // The tab has two forms (payment methods, the Przelewy24 account): the account number is in the first.
  await page.getByRole('form', { name: 'Metody płatności' }).getByRole('button', { name: 'Zapisz' }).click();

  await expect(page.getByText('Podaj prawidłowy 26-cyfrowy numer rachunku bankowego.')).toBeVisible();
  await page.reload();
  await expect(account).toHaveValue('61109010140000071219812874');
});
