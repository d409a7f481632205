import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueSuffix, xlsxOf } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';
const INSTITUTION_SLUG = 'sp12-warszawa';
const INSTITUTION_NAME = 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej';

interface RegisteredParent {
  email: string;
  firstName: string;
  lastName: string;
  childFirstName: string;
}

/**
 * A parent of one child in classroom 1a, registered the way the registration page does it (`POST auth/register/parent`,
 * anonymous), so each test starts from a person of its own and leaves the demo people alone.
 */
async function registerParent(page: Page): Promise<RegisteredParent> {
  const suffix = uniqueSuffix();
  const parent = { email: `rodzic.${suffix}@example.pl`, firstName: 'Bożena', lastName: `Testowa${suffix}`, childFirstName: 'Kacper' };
  await page.goto('/auth/register');
  await page.evaluate(
    async ({ parent, slug }) => {
      const options = await (await fetch(`/api/frontend/auth/register/childOptions?institutionSlug=${slug}`)).json();
      const institution = options.institutionsOptions.find((item: { slug: string }) => item.slug === slug);
      const classroom = options.classroomsOptions.find(
        (room: { name: string; institution: { id: number } }) => room.institution.id === institution.value && room.name === '1a',
      );
      const diet = options.dietsOptions.find((item: { isDefault: boolean }) => item.isDefault) ?? options.dietsOptions[0];
      const response = await fetch('/api/frontend/auth/register/parent', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          emailAddress: parent.email,
          firstName: parent.firstName,
          lastName: parent.lastName,
          phoneNumber: '602703804',
          acceptedTerms: true,
          acceptedCateringTerms: true,
          acceptedMarketing: false,
          children: [
            {
              firstName: parent.childFirstName,
              lastName: parent.lastName,
              institutionId: institution.value,
              classroomId: classroom.id,
              dietId: diet.value,
              cardNumber: null,
              allergies: [],
              allergiesNote: '',
              generalNote: '',
            },
          ],
        }),
      });
      if (response.status !== 201) throw new Error(`registration answered ${response.status}: ${await response.text()}`);
    },
    { parent, slug: INSTITUTION_SLUG },
  );
  return parent;
}

// Self-registration is throttled per client address (10 an hour), so the tests of this file share one parent.
let parent: RegisteredParent;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  parent = await registerParent(page);
  await page.close();
});

async function findParent(page: Page, lastName: string): Promise<void> {
  await page.goto('/parents');
  await page.getByPlaceholder('Szukaj').fill(lastName);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
}

test('an admin finds a registered parent, opens the child and changes its classroom and dining card', async ({ page }) => {
  await signedIn(page, ADMIN);

  await findParent(page, parent.lastName);
  await page.getByRole('link', { name: `${parent.lastName} ${parent.firstName}` }).click();
  await expect(page).toHaveURL(/\/parents\/\d+$/);
  await expect(page.getByText(parent.email)).toBeVisible();
  const childrenTable = page.getByRole('table', { name: 'Dzieci' });
  await expect(childrenTable).toContainText(INSTITUTION_NAME);
  await expect(childrenTable).toContainText('1a');

  await childrenTable.getByRole('link', { name: `${parent.lastName} ${parent.childFirstName}` }).click();
  await expect(page).toHaveURL(/\/children\/\d+\/edit/);
  const form = page.getByRole('form', { name: 'Edycja dziecka' });
  await expect(form.getByRole('textbox', { name: 'Imię', exact: true })).toHaveValue(parent.childFirstName);

  // A card number of lower-case letters is refused before anything is sent.
  const card = form.getByRole('textbox', { name: 'Numer karty obiadowej' });
  await card.fill('abc12');
  await form.getByRole('button', { name: 'Zapisz' }).click();
  await expect(form.getByText('Numer karty musi mieć od 6 do 10 znaków: cyfry lub wielkie litery.')).toBeVisible();

  const newCard = `Q${Date.now().toString().slice(-7)}`;
  await card.fill(newCard);
  await form.getByRole('combobox', { name: 'Klasa' }).selectOption({ label: '3a' });
  await form.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText(`Dziecko '${parent.childFirstName} ${parent.lastName}' zostało zapisane.`)).toBeVisible();

  // The parent's page now shows the new classroom and card, also after a reload (stored, not cached).
  await findParent(page, parent.lastName);
  await page.getByRole('link', { name: `${parent.lastName} ${parent.firstName}` }).click();
  const row = page.getByRole('table', { name: 'Dzieci' }).getByRole('row', { name: new RegExp(parent.childFirstName) });
  await expect(row).toContainText('3a');
  await expect(row).toContainText(newCard);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Dzieci' }).getByRole('row', { name: new RegExp(parent.childFirstName) })).toContainText(
    newCard,
  );
});

test('deleting a parent who has children is refused with the reason, and nothing is removed', async ({ page }) => {
  await signedIn(page, ADMIN);

  await findParent(page, parent.lastName);
  await page.getByRole('button', { name: `Usuń: ${parent.firstName} ${parent.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Potwierdź usunięcie' });
  await expect(dialog).toContainText(`${parent.firstName} ${parent.lastName}`);
  await dialog.getByRole('button', { name: 'Usuń' }).click();
  await expect(page.getByText('Rodzic ma dzieci lub historię (zamówienia, płatności). Zamiast usuwać, zarchiwizuj rodzica.')).toBeVisible();

  await page.reload();
  await page.getByPlaceholder('Szukaj').fill(parent.lastName);
  await expect(page.getByRole('link', { name: `${parent.lastName} ${parent.firstName}` })).toBeVisible();
});

test('a children import with a bad row lists it and imports nothing', async ({ page }) => {
  const suffix = uniqueSuffix();
  await signedIn(page, ADMIN);

  await page.goto('/children/import');
  await expect(page.getByRole('heading', { name: 'Import dzieci' })).toBeVisible();
  const file = xlsxOf([
    ['Imię', 'Nazwisko', 'E-mail rodzica', 'Placówka', 'Klasa', 'Dieta', 'Numer karty', 'Alergeny', 'Uwagi o alergiach', 'Uwagi ogólne'],
    ['Nela', `Importowa${suffix}`, parent.email, INSTITUTION_SLUG, '2b', '', '', '', '', ''],
    ['Olek', `Importowy${suffix}`, parent.email, INSTITUTION_SLUG, '9z', '', 'abc', '', '', ''],
  ]);
  await page.getByLabel('Plik XLSX').setInputFiles({
    name: 'dzieci.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await page.getByRole('button', { name: 'Importuj' }).click();

  // Every bad cell of row 3 is listed; the good row 2 is not stored either (all or nothing).
  await expect(page.getByText('Nic nie zostało zaimportowane: plik zawiera błędy.')).toBeVisible();
  await expect(page.getByText('Popraw 2 błędy i zaimportuj plik ponownie:')).toBeVisible();
  const report = page.getByRole('table', { name: 'Błędy w pliku' });
  await expect(report.getByRole('row', { name: /W tej placówce nie ma klasy 9z/ })).toContainText(/3\s*E/);
  await expect(report.getByRole('row', { name: /Numer karty musi mieć od 6 do 10 znaków/ })).toContainText(/3\s*G/);
  await expect(report.getByRole('row')).toHaveCount(3);

  await page.goto('/children');
  await page.getByPlaceholder('Szukaj').fill(parent.lastName);
  // The parent's registered child is found by the same search; the imported ones are not there.
  await expect(page.getByRole('table')).toContainText(`${parent.childFirstName}`);
  await expect(page.getByRole('table')).not.toContainText('Nela');
  await page.getByPlaceholder('Szukaj').fill(suffix);
  await expect(page.getByRole('table')).not.toContainText(suffix);
});
