import { expect, test, type Page } from '@playwright/test';
import { openSetPasswordLink, signIn, uniqueSuffix } from './helpers';

const INSTITUTION_SLUG = 'sp12-warszawa';
const INSTITUTION_NAME = 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej';

/** Adds one child through the registration page's child modal (nothing is sent until the registration). */
async function addChild(page: Page, firstName: string, lastName: string, classroom: string): Promise<void> {
  await page.getByRole('button', { name: 'Dodaj dziecko' }).click();
  const modal = page.getByRole('dialog', { name: 'Nowe dziecko' });
  await expect(modal).toBeVisible();
  // The slug in the address fixes the institution: shown read-only, not chosen.
  await expect(modal.getByRole('textbox', { name: 'Placówka' })).toHaveValue(INSTITUTION_NAME);
  await expect(modal.getByRole('combobox', { name: 'Dieta' })).toHaveValue(/.+/);
  await modal.getByRole('textbox', { name: 'Imię', exact: true }).fill(firstName);
  await modal.getByRole('textbox', { name: 'Nazwisko', exact: true }).fill(lastName);
  await modal.getByRole('combobox', { name: 'Klasa' }).selectOption({ label: classroom });
  await modal.getByRole('button', { name: 'Zapisz' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('table', { name: 'Lista odbiorców posiłków' })).toContainText(`${firstName} ${lastName}`);
}

async function fillAccount(page: Page, email: string, firstName: string, lastName: string, phone: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Załóż konto' });
  await form.getByRole('textbox', { name: 'Adres e-mail', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Imię', exact: true }).fill(firstName);
  await form.getByRole('textbox', { name: 'Nazwisko', exact: true }).fill(lastName);
  await form.getByRole('textbox', { name: 'Numer telefonu', exact: true }).fill(phone);
}

async function acceptTermsAndSubmit(page: Page, email: string): Promise<void> {
  const submit = page.getByRole('button', { name: 'Zarejestruj się' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Zaznacz wszystkie').check();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Konto zostało założone' })).toBeVisible();
  await expect(page.getByText(`Twój adres e-mail: ${email}`)).toBeVisible();
}

async function setPasswordFromEmail(page: Page, email: string, password: string): Promise<void> {
  await openSetPasswordLink(page, email);
  await page.getByLabel('Nowe hasło', { exact: true }).fill(password);
  await page.getByLabel('Powtórz nowe hasło').fill(password);
  await page.getByRole('button', { name: 'Zapisz hasło' }).click();
  await expect(page.getByRole('status')).toHaveText('Hasło zostało zmienione. Możesz się teraz zalogować.');
}

test('a new parent registers with two children through the institution link, sets a password and sees both children', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const email = `ola.rejestracja.${suffix}@example.pl`;
  const password = 'Haslo-rodzica-2026';

  await page.goto(`/auth/register/${INSTITUTION_SLUG}`);
  await expect(page.getByRole('heading', { name: 'Załóż konto' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Rodzic' })).toBeChecked();
  await fillAccount(page, email, 'Aleksandra', `Rejestracyjna${suffix}`, '600 700 800');

  await addChild(page, 'Tymon', `Rejestracyjny${suffix}`, '2b');
  await addChild(page, 'Iga', `Rejestracyjna${suffix}`, '4c');
  await expect(page.getByRole('table', { name: 'Lista odbiorców posiłków' }).getByRole('row')).toHaveCount(3);

  await acceptTermsAndSubmit(page, email);
  await setPasswordFromEmail(page, email, password);

  await signIn(page, email, password);
  // A parent's own children: the page takes the signed-in parent whatever id is in the address.
  await page.goto('/parents/0/children');
  const table = page.getByRole('table', { name: 'Dzieci rodzica' });
  await expect(table.getByRole('row', { name: `Tymon Rejestracyjny${suffix}` })).toContainText(`${INSTITUTION_NAME}2b`);
  await expect(table.getByRole('row', { name: `Iga Rejestracyjna${suffix}` })).toContainText(`${INSTITUTION_NAME}4c`);
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('an institution worker registers, sets a password and signs in', async ({ page }) => {
  const suffix = uniqueSuffix();
  const email = `pracownik.${suffix}@example.pl`;
  const password = 'Haslo-pracownika-2026';

  await page.goto('/auth/register');
  await page.getByRole('radio', { name: 'Pracownik placówki' }).check();
  await fillAccount(page, email, 'Wiesław', `Pracowity${suffix}`, '601 702 803');
  await expect(page.getByRole('table', { name: 'Lista odbiorców posiłków' })).toHaveCount(0);
  await page.getByLabel('Placówka').selectOption({ label: 'Zakład Produkcyjny Mazowsze sp. z o.o.' });
  // The default diet served there is chosen for the worker.
  await expect(page.getByLabel('Dieta')).not.toHaveValue('');
  await acceptTermsAndSubmit(page, email);

  await setPasswordFromEmail(page, email, password);
  await signIn(page, email, password);
  await expect(page.getByRole('button', { name: `Wiesław Pracowity${suffix}` })).toBeVisible();
});
