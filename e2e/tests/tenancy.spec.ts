import { expect, test } from '@playwright/test';
import { apiToken, fillSignInForm } from './helpers';

const port = Number(process.env.E2E_PORT ?? 8765);

test('an unknown tenant answers a plain not-found page', async ({ page }) => {
  const response = await page.goto(`http://nieznana.localhost:${port}/`);

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Nie znaleziono / Not found' })).toBeVisible();
});

test("a demo user cannot enter acme: the sign-in site offers only the user's own tenant", async ({ page }) => {
  await page.goto(`http://acme.localhost:${port}/sso/login?next=${encodeURIComponent(`http://acme.localhost:${port}/auth/callback`)}`);

  await fillSignInForm(page, 'admin@demo.kantyna.pl');

  await expect(page.getByRole('heading', { name: 'Wybierz firmę' })).toBeVisible();
  await expect(page.getByRole('list').getByRole('link')).toHaveText(['Kantyna Demo - Catering Smakosz']);
});

test("a demo token on acme's host is refused with 401", async ({ page }) => {
  await page.goto('/sso/login');
  const token = await apiToken(page, 'admin@demo.kantyna.pl');
  const currentUser = (bearer: string) =>
    fetch('/api/frontend/auth/currentUser', { headers: { authorization: `Bearer ${bearer}` } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));

  const onDemo = await page.evaluate(currentUser, token);
  await page.goto(`http://acme.localhost:${port}/sso/login`);
  const onAcme = await page.evaluate(currentUser, token);

  expect(onDemo.status).toBe(200);
  expect(onAcme).toEqual({ status: 401, body: { message: 'Unauthenticated.', errors: {} } });
});
