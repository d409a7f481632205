import { expect, test } from '@playwright/test';
import { openUserMenu, signedIn } from './helpers';

test('a parent saves phone numbers; spaces are dropped and the numbers survive a reload', async ({ page }) => {
  await signedIn(page, 'piotr.kowalski@example.pl');
  await page.goto('/profile');

  await page.getByLabel('Numer telefonu', { exact: true }).fill('601 222 333');
  await page.getByLabel('Drugi numer telefonu (opcjonalnie)').fill('');
  await page.getByRole('form', { name: 'Numery telefonów' }).getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /zapisan/i }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Numer telefonu', { exact: true })).toHaveValue('601222333');
});

test('switching the language to English changes the interface and is remembered', async ({ page }) => {
  await signedIn(page, 'agnieszka.wojcik@example.pl');

  await openUserMenu(page, 'Agnieszka Wójcik');
  await page.getByRole('button', { name: 'English' }).click();

  await expect(page.getByText('Balance', { exact: false }).filter({ visible: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Balance', { exact: false }).filter({ visible: true })).toBeVisible();
  await openUserMenu(page, 'Agnieszka Wójcik');
  await page.getByRole('button', { name: 'Polski' }).click();
  await expect(page.getByText('Saldo', { exact: false }).filter({ visible: true })).toBeVisible();
});
