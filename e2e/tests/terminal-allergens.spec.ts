import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

// Issue 30, "In Chromium": a child allergic to gluten, with lunch ordered on a day whose dish contains gluten: the
// terminal does not show the green WYDAJ but amber "SPRAWDŹ — danie zawiera: …" with the dish; the cook records an
// alternative meal served, and the scan log lists it.
//
// The serving day is picked from the roster (`GET terminal/roster`), as terminal.spec.ts does: the latest weekday of
// the serving window (today and the last 7 days) with a carded child whose lunch is still to be served and safe. The
// admin then gives that child a gluten allergy and adds a gluten dish to the child's menu cell of that day through a
// one-day menu of their own (the way an admin plans an extra dish); both are undone at the end.

const COOK = 'kucharz@demo.kantyna.pl';
const ADMIN = 'admin@demo.kantyna.pl';
const ZONE = 'Europe/Warsaw';
const LUNCH = 'Obiad';
const GLUTEN = 'Zboża zawierające gluten';

type IsoDate = string;
interface Ref {
  id: number;
  name: string;
}
interface ServingItem {
  id: number;
  mealType: Ref;
  diet: Ref;
  dish: string | null;
  clash: { dishes: string[]; allergens: string[] } | null;
  status: 'active' | 'served';
}
interface Serving {
  subject: { type: 'child' | 'worker'; id: number; firstName: string; lastName: string; cardNumber: string | null; isActive: boolean; institution: Ref };
  items: ServingItem[];
}
interface Entry {
  result: string;
  source: string;
  subject: { type: string; id: number } | null;
  servedBy: Ref | null;
}

const toUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const addDays = (date: IsoDate, days: number) => new Date(toUtc(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: IsoDate) => (toUtc(date).getUTCDay() + 6) % 7;
const warsawToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The API, called from the page with a bearer token (Chromium resolves *.localhost; Node does not). */
async function api<T>(page: Page, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ([bearer, verb, url, payload]) => {
      const response = await fetch(`/api/frontend/${url}`, {
        method: verb,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'accept-language': 'pl' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, data: text ? JSON.parse(text) : null };
    },
    [token, method, path, body] as const,
  ) as Promise<{ status: number; data: T }>;
}

async function roster(page: Page, token: string, date: IsoDate): Promise<Serving[]> {
  const { status, data } = await api<{ subjects: Serving[] }>(page, token, 'GET', `terminal/roster?date=${date}`);
  expect(status).toBe(200);
  return data.subjects;
}

const lunchOf = (row: Serving) => row.items.find((item) => item.mealType.name === LUNCH);

test('a gluten-allergic child with a gluten dish: the terminal shows amber and records an alternative meal served', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/api/health');
  const cookToken = await apiToken(page, COOK);
  const adminToken = await apiToken(page, ADMIN);
  const today = warsawToday();

  // --- The day and the children: carded, active, their lunch still to be served and safe. ---
  const candidates = [0, 1, 2, 3, 4, 5, 6, 7].map((back) => addDays(today, -back)).filter((date) => weekdayOf(date) < 5);
  let day: IsoDate | undefined;
  let servable: Serving[] = [];
  for (const date of candidates) {
    servable = (await roster(page, cookToken, date)).filter(
      (row) =>
        row.subject.type === 'child' &&
        row.subject.isActive &&
        !!row.subject.cardNumber &&
        row.items.every((item) => item.status === 'active' && item.clash === null) &&
        lunchOf(row) !== undefined,
    );
    if (servable.length > 0) {
      day = date;
      break;
    }
  }
  expect(day, `a day of ${candidates.join(', ')} with a child whose lunch is to be served`).toBeDefined();
  const servingDay = day!;

  // --- The admin gives one of them (the last: terminal.spec.ts serves the first ones) a gluten allergy; a diet
  // that does not allow allergens (the gluten-free one) refuses it, so the next child is taken. ---
  const allergens = (await api<{ items: Ref[] }>(page, adminToken, 'GET', 'allergens?perPage=9999')).data.items;
  const gluten = allergens.find((allergen) => allergen.name === GLUTEN)!;
  expect(gluten, GLUTEN).toBeDefined();
  interface LoadedChild {
    firstName: string;
    lastName: string;
    classroomId: number;
    dietId: number;
    allergies: number[];
    allergiesNote: string;
  }
  let child: Serving | undefined;
  let loaded: LoadedChild | undefined;
  for (const row of [...servable].reverse()) {
    const before = (await api<LoadedChild>(page, adminToken, 'GET', `children/${row.subject.id}`)).data;
    const body = { firstName: before.firstName, lastName: before.lastName, classroomId: before.classroomId, dietId: before.dietId };
    const saved = await api(page, adminToken, 'PUT', `children/${row.subject.id}`, { ...body, allergies: [gluten.id], allergiesNote: '' });
    // A diet that does not allow allergens refuses them (409, nothing saved): the next child.
    if (saved.status === 409) continue;
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    if ((await api<LoadedChild>(page, adminToken, 'GET', `children/${row.subject.id}`)).data.allergies.includes(gluten.id)) {
      [child, loaded] = [row, before];
      break;
    }
  }
  expect(child, 'a child whose diet allows allergens').toBeDefined();
  const lunch = lunchOf(child!)!;
  const name = `${child!.subject.firstName} ${child!.subject.lastName}`;
  const childBody = { firstName: loaded!.firstName, lastName: loaded!.lastName, classroomId: loaded!.classroomId, dietId: loaded!.dietId };

  // --- The day's lunch of the child's institution and diet gets a gluten dish (a one-day menu of its own). ---
  const dishName = `Gulasz z kaszą jęczmienną ${Date.now().toString().slice(-6)}`;
  const meal = await api<{ id: number }>(page, adminToken, 'POST', 'meals', { name: dishName, allergensIds: [gluten.id] });
  expect(meal.status, JSON.stringify(meal.data)).toBe(201);
  const menu = await api<{ id: number }>(page, adminToken, 'POST', 'mealsMenus', {
    name: `Danie dodatkowe ${servingDay}`,
    dateFrom: servingDay,
    dateTo: servingDay,
    institutionsIds: [child!.subject.institution.id],
    dietsIds: [lunch.diet.id],
  });
  expect(menu.status, JSON.stringify(menu.data)).toBe(201);
  try {
    const cells = await api(page, adminToken, 'PUT', `mealsMenus/${menu.data.id}/updateParts`, {
      cells: [{ date: servingDay, mealTypeId: lunch.mealType.id, mealsIds: [meal.data.id] }],
    });
    expect(cells.status, JSON.stringify(cells.data)).toBe(200);
    // The roster the device keeps for offline serving carries the clash.
    const clash = lunchOf((await roster(page, cookToken, servingDay)).find((row) => row.subject.type === 'child' && row.subject.id === child!.subject.id)!)!.clash;
    expect(clash?.allergens).toEqual([GLUTEN]);
    expect(clash?.dishes).toContain(dishName);

    // --- The cook serves lunch on that day and scans the child's card. ---
    await signedIn(page, COOK);
    await expect(page).toHaveURL(/\/terminal$/);
    await page.getByLabel('Dzień', { exact: true }).fill(servingDay);
    await page.getByRole('button', { name: 'Wydawane teraz posiłki' }).click();
    const options = page.getByRole('listbox', { name: 'Wydawane teraz posiłki' });
    for (const option of await options.getByRole('option', { selected: true }).all()) await option.click();
    await options.getByRole('option', { name: LUNCH, exact: true }).click();
    await expect(options.getByRole('option', { selected: true })).toHaveCount(1);
    await expect(options.getByRole('option', { name: LUNCH, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('heading', { level: 1, name: 'Terminal' }).click();
    await expect(options).toBeHidden();
    await expect(page.getByRole('status', { name: 'Stan terminala' })).toContainText(/Lista dnia na tym urządzeniu: \d+/);

    await expect(page.getByRole('textbox', { name: 'Numer karty' })).toBeFocused();
    await page.keyboard.type(child!.subject.cardNumber!);
    await page.keyboard.press('Enter');

    // --- Amber, the dish and the allergen; not the green "Wydaj". ---
    const result = page.getByRole('region', { name: 'Wynik skanu' });
    await expect(result).toContainText(`SPRAWDŹ — danie zawiera: ${GLUTEN}`);
    await expect(result).toContainText(dishName);
    await expect(result).toContainText(name);
    await expect(result.getByText(`SPRAWDŹ — danie zawiera: ${GLUTEN}`)).toBeVisible();
    await expect(result.locator('.bg-warning-subtle').first()).toBeVisible();
    await expect(result.locator('.bg-success')).toHaveCount(0);
    const choice = result.getByRole('group', { name: 'Co wydano' });
    await page.screenshot({ path: test.info().outputPath('check.png'), fullPage: true });
    expect(lunchOf((await roster(page, cookToken, servingDay)).find((row) => row.subject.id === child!.subject.id && row.subject.type === 'child')!)!.status).toBe(
      'active',
    );

    // --- The cook hands out an alternative meal and records it. ---
    await choice.getByRole('button', { name: 'Wydano posiłek zastępczy' }).click();
    await expect(result).toContainText('Wydano posiłek zastępczy.');
    await expect(choice).toBeHidden();
    const after = lunchOf((await roster(page, cookToken, servingDay)).find((row) => row.subject.id === child!.subject.id && row.subject.type === 'child')!)!;
    expect(after.status).toBe('served');

    // --- The scan log lists the check and the alternative, by the cook. ---
    await page.getByRole('link', { name: 'Dziennik skanów' }).click();
    const logRow = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Posiłek zastępczy' });
    await expect(logRow.first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Sprawdź (alergen)' }).first()).toBeVisible();
    const entries = (await api<{ items: Entry[] }>(page, cookToken, 'GET', `scannedCardEntries?date=${servingDay}&perPage=100`)).data.items.filter(
      (entry) => entry.subject?.type === 'child' && entry.subject.id === child!.subject.id,
    );
    expect(entries.map((entry) => entry.result).slice(0, 2)).toEqual(['alternative_served', 'check']);
    expect(entries[0]!.servedBy?.name).toBeTruthy();
    await page.screenshot({ path: test.info().outputPath('alternative.png'), fullPage: true });
  } finally {
    // Undo the admin's changes (the run's database is fresh, later scenarios are not): the child's allergies, the
    // extra dish and its menu. Best effort: after a timeout the page is gone, and so is the run.
    const undo = async () => {
      await api(page, adminToken, 'PUT', `children/${child!.subject.id}`, { ...childBody, allergies: loaded!.allergies, allergiesNote: loaded!.allergiesNote });
      await api(page, adminToken, 'DELETE', `mealsMenus/${menu.data.id}`);
      await api(page, adminToken, 'DELETE', `meals/${meal.data.id}`);
    };
    if (!page.isClosed()) await undo();
  }
});
