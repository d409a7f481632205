import { expect, test } from '@playwright/test';
import { apiToken, fillSignInForm, openUserMenu, signIn } from './helpers';

// Every demo role signs in through the landing page and the sign-in site, and lands on its home (spec §2).
const ROLE_HOMES = [
  { role: 'administrator', email: 'admin@demo.kantyna.pl', name: 'Katarzyna Wiśniewska', path: '/dashboard', heading: 'Pulpit' },
  { role: 'institutions admin', email: 'placowki@demo.kantyna.pl', name: 'Tomasz Zieliński', path: '/orders', heading: 'Zamówienia' },
  { role: 'parent', email: 'anna.nowak@example.pl', name: 'Anna Nowak', path: '/calendar/user', heading: 'Kalendarz' },
  { role: 'institution worker', email: 'jan.krol@example.pl', name: 'Jan Król', path: '/calendar/user', heading: 'Kalendarz' },
  { role: 'cook', email: 'kucharz@demo.kantyna.pl', name: 'Grażyna Kamińska', path: '/terminal', heading: 'Terminal' },
  { role: 'ticket admin', email: 'zgloszenia@demo.kantyna.pl', name: 'Paweł Lewandowski', path: '/home', heading: 'Witaj, Paweł' },
  { role: 'report manager', email: 'raporty@demo.kantyna.pl', name: 'Magdalena Dąbrowska', path: '/home', heading: 'Witaj, Magdalena' },
];

for (const { role, email, name, path, heading } of ROLE_HOMES) {
  test(`the ${role} signs in and lands on ${path}`, async ({ page }) => {
    await signIn(page, email);

    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name })).toBeVisible();
  });
}

test('a parent sees the balance and the active orders amount in the header', async ({ page }) => {
  await signIn(page, 'anna.nowak@example.pl');
  // The server's figures, in the header's Polish format (the demo seed deposits and orders for her).
  const token = await apiToken(page, 'anna.nowak@example.pl');
  const [balance, active] = await page.evaluate(async (bearer) => {
    const format = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' });
    const get = async (path: string) => {
      const response = await fetch(`/api/frontend/${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      return format.format(Number(((await response.json()) as { amount: string }).amount));
    };
    return [await get('auth/currentUser/balance'), await get('orders/totalAmounts')];
  }, token);

  await expect(page.getByTestId('customer-amounts')).toContainText(`Saldo: ${balance}`);
  await expect(page.getByTestId('customer-amounts')).toContainText(`Aktywne zamówienia: ${active}`);
});

test('a signed-in user opening the login page is sent to the role home', async ({ page }) => {
  await signIn(page, 'kucharz@demo.kantyna.pl');

  await page.goto('/auth/login');

  await expect(page).toHaveURL(/\/terminal$/);
});

test('a parent opening an admin page is sent back to the calendar', async ({ page }) => {
  await signIn(page, 'anna.nowak@example.pl');

  await page.goto('/settings/tenant/fees');

  await expect(page).toHaveURL(/\/calendar\/user$/);
});

test('logging out ends the session and returns to the landing page', async ({ page }) => {
  await signIn(page, 'admin@demo.kantyna.pl');

  await openUserMenu(page, 'Katarzyna Wiśniewska');
  await page.getByRole('button', { name: 'Wyloguj się' }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a wrong password is refused with a message and the form keeps the e-mail', async ({ page }) => {
  await page.goto('/sso/login');

  await fillSignInForm(page, 'admin@demo.kantyna.pl', 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Nieprawidłowy adres e-mail lub hasło.');
  await expect(page.getByLabel('Adres e-mail')).toHaveValue('admin@demo.kantyna.pl');
});
