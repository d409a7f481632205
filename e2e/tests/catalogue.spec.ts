import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';
const PARENT = 'anna.nowak@example.pl';

const INSTITUTION = 'Szkoła Podstawowa nr 7 im. Jana Brzechwy';
const DIET = 'Bezmleczna';
const MEAL_TYPE = 'Drugie śniadanie';
const FIRST_MEAL = 'Kanapka z indykiem i ogórkiem';
const SECOND_MEAL = 'Gulasz wołowy z kaszą jęczmienną';
const MENU = 'Jadłospis SP 7 na przyszły tydzień';
const PRICE_LISTS_GROUP = 'Cennik SP 7';
const PRICE_LIST = 'Cennik SP 7 od poniedziałku';

// Dates as the people at the screen see them: Warsaw's calendar, not the test runner's time zone.
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const warsawToday = () => new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date())}T00:00:00Z`);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const plDate = (date: Date) => `${iso(date).slice(8, 10)}.${iso(date).slice(5, 7)}.${iso(date).slice(0, 4)}`;
const dayLabel = (date: Date) =>
  new Intl.DateTimeFormat('pl-PL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date);

/** Monday to Friday of next week. The month editor copies a day within the shown month, so when next week
 * straddles two months the journey plans the week after it instead (still "the coming week" for a kitchen). */
function comingWeek(): Date[] {
  const today = warsawToday();
  let monday = plusDays(today, ((8 - today.getUTCDay()) % 7) || 7);
  if (plusDays(monday, 4).getUTCMonth() !== monday.getUTCMonth()) monday = plusDays(monday, 7);
  return [0, 1, 2, 3, 4].map((offset) => plusDays(monday, offset));
}

/** A list's row, within the list's table (named like the page). */
const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text });
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const select = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

/** The kit's multi-select: a button that opens a listbox of options to toggle; a click elsewhere closes it
 * (it does not close on Escape). */
async function chooseOptions(outside: Locator, scope: Page | Locator, name: string, options: string[]): Promise<void> {
  await scope.getByRole('button', { name, exact: true }).click();
  const list = scope.getByRole('listbox', { name, exact: true });
  for (const option of options) {
    await list.getByRole('option', { name: option, exact: true }).click();
    await expect(list.getByRole('option', { name: option, exact: true })).toHaveAttribute('aria-selected', 'true');
  }
  await outside.click();
  await expect(list).toBeHidden();
}

async function saved(page: Page): Promise<void> {
  await expect(page.getByText('Zmiany zostały zapisane.').last()).toBeVisible();
}

test('an admin builds a week of a new institution in the catalogue, prints the menu, and a parent reads it', async ({ page, browser }) => {
  // A long journey (a dozen forms, a PDF, a second browser): ~35 s on a quiet machine, over the default minute on a
  // busy one.
  test.setTimeout(180_000);
  const week = comingWeek();
  const [monday, , , , friday] = week as [Date, Date, Date, Date, Date];
  await signedIn(page, ADMIN);

  // The institution…
  await page.goto('/institutions');
  await page.getByRole('link', { name: 'Dodaj placówkę' }).click();
  // The list stays on screen while the form's page loads (its filters share the form's field names): the form first.
  await expect(page.getByRole('heading', { name: 'Nowa placówka', level: 1 })).toBeVisible();
  await textbox(page, 'Nazwa').fill(INSTITUTION);
  await textbox(page, 'Nazwa skrócona').fill('SP 7');
  await textbox(page, 'Identyfikator rejestracji').fill('sp7-warszawa');
  await select(page, 'Rodzaj').selectOption({ label: 'Szkoła' });
  await select(page, 'Dzielnica').selectOption({ label: 'Ochota' });
  await textbox(page, 'Miejscowość').fill('Warszawa');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await expect(page).toHaveURL(/\/institutions$/);
  const institutionRow = row(page, 'Placówki', INSTITUTION);
  await expect(institutionRow).toContainText('Aktywna');

  // …with a classroom.
  await page.goto('/classrooms');
  await page.getByRole('link', { name: 'Dodaj klasę' }).click();
  // The list has a 'Placówka' filter too, still on screen while the form's page loads.
  await expect(page.getByRole('heading', { name: 'Nowa klasa' })).toBeVisible();
  await select(page, 'Placówka').selectOption({ label: INSTITUTION });
  await textbox(page, 'Nazwa').fill('1a');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await select(page, 'Placówka').selectOption({ label: INSTITUTION });
  await expect(row(page, 'Klasy i grupy', INSTITUTION)).toHaveCount(1);
  await expect(row(page, 'Klasy i grupy', INSTITUTION)).toContainText('1a');

  // A diet offered in the new institution.
  await page.goto('/diets');
  await page.getByRole('link', { name: 'Dodaj dietę' }).click();
  const dietForm = page.getByRole('form', { name: 'Nowa dieta' });
  await textbox(dietForm, 'Nazwa').fill(DIET);
  await chooseOptions(page.getByRole('heading', { level: 1 }), dietForm, 'Placówki', [INSTITUTION]);
  await dietForm.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await expect(row(page, 'Diety', DIET)).toContainText(INSTITUTION);

  // A meal type with the normal portion.
  await page.goto('/mealTypes');
  await page.getByRole('button', { name: 'Dodaj rodzaj posiłku' }).click();
  const mealTypeDialog = page.getByRole('dialog', { name: 'Nowy rodzaj posiłku' });
  await textbox(mealTypeDialog, 'Nazwa').fill(MEAL_TYPE);
  await select(mealTypeDialog, 'Kategoria').selectOption({ label: 'Posiłki dzienne' });
  await mealTypeDialog.getByRole('spinbutton', { name: 'Kolejność' }).fill('2');
  await chooseOptions(mealTypeDialog.getByRole('heading', { name: 'Nowy rodzaj posiłku' }), mealTypeDialog, 'Wielkości porcji', ['Normalna']);
  await mealTypeDialog.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await expect(row(page, 'Rodzaje posiłków', MEAL_TYPE)).toContainText('Normalna');

  // Two meals.
  for (const [name, kcal] of [
    [FIRST_MEAL, '310'],
    [SECOND_MEAL, '540'],
  ] as const) {
    await page.goto('/meals');
    await page.getByRole('link', { name: 'Dodaj posiłek' }).click();
    await expect(page.getByRole('heading', { name: 'Nowy posiłek' })).toBeVisible();
    await textbox(page, 'Nazwa').fill(name);
    await page.getByRole('spinbutton', { name: 'kcal – Normalna' }).fill(kcal);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await saved(page);
    await expect(page).toHaveURL(/\/meals$/);
  }
  await page.getByRole('searchbox', { name: 'Szukaj' }).fill(FIRST_MEAL);
  await expect(page.getByRole('table', { name: 'Posiłki' }).getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Posiłki', FIRST_MEAL)).toContainText('310');

  // The menu for next week, for the new institution and SP 12 — the parent's child goes to SP 12, so the
  // parent can read the new menu without enrolling a child in the new institution.
  await page.goto('/mealsMenus');
  await page.getByRole('link', { name: 'Dodaj jadłospis' }).click();
  await expect(page.getByRole('heading', { name: 'Nowy jadłospis', level: 1 })).toBeVisible();
  await textbox(page, 'Nazwa').fill(MENU);
  await page.getByRole('textbox', { name: 'Od', exact: true }).fill(iso(monday));
  await page.getByRole('textbox', { name: 'Do', exact: true }).fill(iso(friday));
  await chooseOptions(page.getByRole('heading', { level: 1 }), page, 'Placówki', [INSTITUTION, 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej']);
  await chooseOptions(page.getByRole('heading', { level: 1 }), page, 'Diety', ['Standardowa', DIET]);
  await page.getByRole('button', { name: 'Zapisz i zaplanuj posiłki' }).click();
  await expect(page.getByRole('heading', { name: MENU, level: 1 })).toBeVisible();

  // Monday: the new meal type and lunch.
  const grid = page.getByRole('table', { name: 'Posiłki według dni i typów posiłków' });
  for (const [mealType, meal] of [
    [MEAL_TYPE, FIRST_MEAL],
    ['Obiad', SECOND_MEAL],
  ] as const) {
    await grid.getByRole('button', { name: `Wybierz posiłki: ${mealType} · ${dayLabel(monday)}` }).click();
    const picker = page.getByRole('dialog', { name: `${mealType} · ${dayLabel(monday)}` });
    await picker.getByRole('searchbox', { name: 'Znajdź posiłek' }).fill(meal.slice(0, 12));
    await picker.getByRole('button', { name: `Dodaj ${meal}`, exact: true }).click();
    await expect(picker.getByRole('list', { name: 'Wybrane posiłki' })).toContainText(meal);
    await picker.getByRole('button', { name: 'Zapisz' }).click();
    await expect(picker).toBeHidden();
  }
  const mondayRow = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayLabel(monday) }) });
  await expect(mondayRow).toContainText(FIRST_MEAL);
  await expect(mondayRow).toContainText(SECOND_MEAL);

  // …copied to the rest of the week.
  await grid.getByRole('button', { name: `Kopiuj posiłki z dnia ${dayLabel(monday)}` }).click();
  const copyDialog = page.getByRole('dialog', { name: /^Kopiuj dzień/ });
  await copyDialog.getByRole('button', { name: 'Wszystkie dni robocze' }).click();
  for (const day of week.slice(1)) await expect(copyDialog.getByRole('checkbox', { name: new RegExp(`${day.getUTCDate()}\\.`) })).toBeChecked();
  await copyDialog.getByRole('button', { name: 'Kopiuj', exact: true }).click();
  await expect(page.getByText('Skopiowano 8 posiłków.')).toBeVisible();
  for (const day of week) {
    const row = grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name: dayLabel(day) }) });
    await expect(row).toContainText(FIRST_MEAL);
    await expect(row).toContainText(SECOND_MEAL);
  }

  // Print: the PDF of the month, opened in a new tab, under the menu's name. The tab shows the file the page
  // received; its first bytes are read back through the tab's blob address.
  const month = iso(monday).slice(0, 7);
  const printed = page.waitForResponse((response) => /\/api\/frontend\/mealsMenus\/\d+\/print$/.test(response.url()));
  const tab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Drukuj', exact: true }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(
    `attachment; filename="Jadlospis_SP_7_na_przyszly_tydzien_${month}.pdf"; ` +
      `filename*=UTF-8''${encodeURIComponent(`${MENU} ${month}.pdf`)}`,
  );
  const popup = await tab;
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  const file = await page.evaluate(async (address) => {
    const blob = await (await fetch(address)).blob();
    return { type: blob.type, start: new TextDecoder('latin1').decode((await blob.arrayBuffer()).slice(0, 5)) };
  }, popup.url());
  expect(file).toEqual({ type: 'application/pdf', start: '%PDF-' });
  await popup.close();

  // A price list: the new meal type for the new diet, in a price lists group of the new institution.
  await page.goto('/priceListsGroups');
  await page.getByRole('link', { name: 'Dodaj grupę cenników' }).click();
  const groupForm = page.getByRole('form', { name: 'Nowa grupa cenników' });
  await textbox(groupForm, 'Nazwa').fill(PRICE_LISTS_GROUP);
  await groupForm.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await page.goto('/priceLists');
  await page.getByRole('link', { name: 'Dodaj cennik' }).click();
  // The list's own Grupa cenników filter stays on screen while the form's page loads: the form's select, once shown.
  await expect(page.getByRole('heading', { name: 'Nowy cennik', level: 1 })).toBeVisible();
  await select(page.getByRole('form', { name: 'Nowy cennik' }), 'Grupa cenników').selectOption({ label: PRICE_LISTS_GROUP });
  await textbox(page, 'Nazwa').fill(PRICE_LIST);
  await page.getByLabel('Obowiązuje od').fill(iso(monday));
  await page.getByRole('textbox', { name: `Cena: ${MEAL_TYPE}, ${DIET}, Normalna` }).fill('6,50');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await saved(page);
  await expect(page).toHaveURL(/\/priceLists$/);
  const priceListRow = row(page, 'Cenniki', PRICE_LIST);
  await expect(priceListRow.getByRole('cell')).toHaveText([PRICE_LIST, PRICE_LISTS_GROUP, plDate(monday), '', 'Przyszły', '1', /Kopiuj/]);

  // The parent, on a phone, reads the week.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const parent = await phone.newPage();
  await signedIn(parent, PARENT);
  await parent.goto(`/mealsMenus?month=${month}`);
  await expect(parent.getByRole('heading', { name: 'Jadłospisy', level: 1 })).toBeVisible();
  // The month's menus have loaded once one is shown; with more than one (the demo's menu of this month),
  // the parent chooses the new one.
  await expect(parent.getByText(/ · Diety: /)).toBeVisible();
  const choice = select(parent, 'Jadłospis');
  if ((await choice.count()) > 0) await choice.selectOption({ label: `${MENU} (Standardowa, ${DIET})` });
  await expect(parent.getByText(`Szkoła Podstawowa nr 12 im. Marii Konopnickiej, ${INSTITUTION} · Diety: Standardowa, ${DIET}`)).toBeVisible();
  const days = parent.getByRole('list', { name: MENU });
  await expect(days.getByRole('listitem')).toHaveCount(5);
  for (const day of week) {
    const card = days.getByRole('listitem').filter({ has: parent.getByRole('heading', { name: dayLabel(day) }) });
    await expect(card).toContainText(FIRST_MEAL);
    await expect(card).toContainText(SECOND_MEAL);
  }
  await phone.close();
});

test('deleting a diet that children follow is refused and the diet stays', async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/diets');
  const diets = page.getByRole('table', { name: 'Diety', exact: true });
  await expect(row(page, 'Diety', 'Standardowa')).toHaveCount(1);
  const before = await diets.getByRole('row').count();

  await page.getByRole('button', { name: 'Usuń: Standardowa' }).click();
  const confirm = page.getByRole('dialog', { name: 'Potwierdź usunięcie' });
  await expect(confirm).toContainText('Czy na pewno chcesz usunąć „Standardowa”?');
  await confirm.getByRole('button', { name: 'Usuń' }).click();

  await expect(page.getByText('Ten rekord jest w użyciu i nie można go usunąć.')).toBeVisible();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(row(page, 'Diety', 'Standardowa')).toContainText('Domyślna');
  await expect(diets.getByRole('row')).toHaveCount(before);
});
