import { expect, test } from '@playwright/test';
import { fillSignInForm, signIn } from './helpers';

// The reset e-mail is sent by the job worker, so this proves the queue end to end.
test('a parent who forgot the password gets an e-mail, sets a new password and signs in with it', async ({ page }) => {
  const email = 'marcin.kaczmarek@example.pl';
  await page.goto('/sso/login');
  await page.getByRole('link', { name: 'Nie pamiętasz hasła?' }).click();
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByRole('button', { name: 'Wyślij link do zmiany hasła' }).click();
  await expect(page.getByRole('status')).toContainText(email);

  let link: string | undefined;
  await expect(async () => {
    await page.goto('/sso/dev/mail');
    const message = page.locator('article', { hasText: email }).first();
    await expect(message).toContainText('Kantyna: ustaw hasło');
    link = (await message.locator('a').first().getAttribute('href')) ?? undefined;
    expect(link).toContain('/sso/reset/');
  }).toPass({ timeout: 20_000 });

  await page.goto(link!);
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Nowe-haslo-2026');
  await page.getByLabel('Powtórz nowe hasło').fill('Nowe-haslo-2026');
  await page.getByRole('button', { name: 'Zapisz hasło' }).click();
  await expect(page.getByRole('status')).toHaveText('Hasło zostało zmienione. Możesz się teraz zalogować.');

  await page.goto(link!);
  await page.getByLabel('Nowe hasło', { exact: true }).fill('Inne-haslo-2026');
  await page.getByLabel('Powtórz nowe hasło').fill('Inne-haslo-2026');
  await page.getByRole('button', { name: 'Zapisz hasło' }).click();
  await expect(page.getByRole('alert')).toHaveText('Link do zmiany hasła jest nieprawidłowy lub wygasł.');

  await page.goto('/sso/login');
  await fillSignInForm(page, email, 'kantyna-demo');
  await expect(page.getByRole('alert')).toHaveText('Nieprawidłowy adres e-mail lub hasło.');
  await signIn(page, email, 'Nowe-haslo-2026');
  await expect(page).toHaveURL(/\/calendar\/user$/);
});
