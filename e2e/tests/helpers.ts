import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'kantyna-demo';

/** Sign in the way a person does: the tenant's landing page, its Login button, the sign-in site's form. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Witamy' })).toBeVisible();
  await page.getByText('Zaloguj się', { exact: true }).click();
  await expect(page).toHaveURL(/\/sso\/login/);
  await fillSignInForm(page, email, password);
  await expect(page).not.toHaveURL(/\/sso\/|\/auth\/callback|\/auth\/login/);
}

export async function fillSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

export async function openUserMenu(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: fullName }).click();
}

/** The sign-in site's JSON call, made from the page (Chromium resolves *.localhost; Node does not). */
export async function apiToken(page: Page, email: string, password = DEMO_PASSWORD): Promise<string> {
  return page.evaluate(
    async ([emailAddress, secret]) => {
      const response = await fetch('/sso/api/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailAddress, password: secret }),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return ((await response.json()) as { token: string }).token;
    },
    [email, password],
  );
}
