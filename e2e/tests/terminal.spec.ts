import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn } from './helpers';

// Issue 13, "Done when": a cook scans a child with an order (served, allergens shown), scans again (already
// served), scans an unknown card (refused), goes offline, scans two children, comes back online and the queue
// syncs with both served exactly once; the parent sees the day as served.
//
// The serving day is picked from the roster (`GET terminal/roster`): the latest weekday of the serving window (today
// and the last 7 days) with a child of the demo parent and two other children whose meals are all still to be
// served — the demo orders the last school day up to today. So the test passes any day of the week.

const COOK = 'kucharz@demo.kantyna.pl';
const PARENT = 'anna.nowak@example.pl';
const ADMIN = 'admin@demo.kantyna.pl';
const ZONE = 'Europe/Warsaw';
const ALLERGIES_NOTE = 'Bez orzechów w żadnej postaci';

type IsoDate = string;
interface Ref {
  id: number;
  name: string;
}
interface Subject {
  type: 'child' | 'worker';
  id: number;
  firstName: string;
  lastName: string;
  cardNumber: string | null;
  allergens: Ref[];
  allergiesNote: string;
  isActive: boolean;
}
interface ServingItem {
  id: number;
  mealType: Ref;
  status: 'active' | 'served';
  servedAt: string | null;
  clash: { dishes: string[]; allergens: string[] } | null;
}
interface Serving {
  subject: Subject;
  items: ServingItem[];
}
interface Entry {
  clientScanId: string;
  result: string;
  offline: boolean;
  subject: { type: string; id: number } | null;
}

const toUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: IsoDate, days: number) => isoOf(new Date(toUtc(date).getTime() + days * 86_400_000));
/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (date: IsoDate) => (toUtc(date).getUTCDay() + 6) % 7;
const warsawToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** "12:04" in the tenant's zone (the server's messages and the calendar in a Warsaw browser). */
const warsawTime = (instant: string) =>
  new Intl.DateTimeFormat('pl-PL', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
/** The calendar day button's accessible name ("poniedziałek, 30 listopada 2026"). */
const dayLabel = (date: IsoDate) =>
  new Intl.DateTimeFormat('pl-PL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(toUtc(date));
const monthsBetween = (from: IsoDate, to: IsoDate) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

/** The API, called from the page with a bearer token (Chromium resolves *.localhost; Node does not). */
async function api<T>(page: Page, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ([bearer, verb, url, payload]) => {
      const response = await fetch(`/api/frontend/${url}`, {
        method: verb,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'accept-language': 'pl' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, data: await response.json() };
    },
    [token, method, path, body] as const,
  ) as Promise<{ status: number; data: T }>;
}

async function roster(page: Page, token: string, date: IsoDate): Promise<Serving[]> {
  const { status, data } = await api<{ subjects: Serving[] }>(page, token, 'GET', `terminal/roster?date=${date}`);
  expect(status).toBe(200);
  return data.subjects;
}

const rowOf = (rows: Serving[], subject: Subject) => rows.find((row) => row.subject.type === subject.type && row.subject.id === subject.id);
/** A child with a card, active, whose meals of the day are all still to be served and safe (a dish with one of
 * their allergens is checked, not served: terminal-allergens.spec.ts). */
const servable = (row: Serving) =>
  row.subject.type === 'child' &&
  row.subject.isActive &&
  !!row.subject.cardNumber &&
  row.items.length > 0 &&
  row.items.every((item) => item.status === 'active' && item.clash === null);

/** Types a card number the way a USB reader does: the digits, then Enter, into whatever has the focus. */
async function swipe(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('textbox', { name: 'Numer karty' })).toBeFocused();
  await page.keyboard.type(card);
  await page.keyboard.press('Enter');
}

test('a cook serves by card, online and offline, each child once, and the parent sees the day served', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/api/health');
  const cookToken = await apiToken(page, COOK);
  const parentToken = await apiToken(page, PARENT);
  const adminToken = await apiToken(page, ADMIN);
  const today = warsawToday();

  // --- The day: a child of the demo parent and two other children to serve, nothing served yet. ---
  const ownChildren = new Set(
    (await api<{ items: { value: number; isActive: boolean }[] }>(page, parentToken, 'GET', 'children/options?perPage=9999')).data.items
      .filter((option) => option.isActive)
      .map((option) => option.value),
  );
  expect(ownChildren.size).toBeGreaterThan(0);
  // The terminal serves today and the last 7 days; the demo orders the last school day up to today.
  const candidates = [0, 1, 2, 3, 4, 5, 6, 7].map((back) => addDays(today, -back)).filter((date) => weekdayOf(date) < 5);
  let day: IsoDate | undefined;
  let child: Serving | undefined;
  let others: Serving[] = [];
  for (const date of candidates) {
    const rows = (await roster(page, cookToken, date)).filter(servable);
    const own = rows.find((row) => ownChildren.has(row.subject.id));
    const rest = rows.filter((row) => !ownChildren.has(row.subject.id));
    if (own && rest.length >= 2) {
      [day, child, others] = [date, own, rest.slice(0, 2)];
      break;
    }
  }
  expect(day, `a day of ${candidates.join(', ')} with a child of ${PARENT} and two others to serve`).toBeDefined();
  const servingDay = day!;
  const ownChild = child!;
  const cardOf = (row: Serving) => row.subject.cardNumber!;
  const nameOf = (row: Serving) => `${row.subject.firstName} ${row.subject.lastName}`;
  const mealTypes = [...new Set([ownChild, ...others].flatMap((row) => row.items.map((item) => item.mealType.name)))];

  // The demo's children have no allergies: the admin notes one for the parent's child (the kitchen must see it), one
  // none of the demo's dishes contains (nuts), so the scan serves rather than asks to check.
  const allergens = (await api<{ items: Ref[] }>(page, adminToken, 'GET', 'allergens?perPage=9999')).data.items;
  const allergen = allergens.find((one) => one.name === 'Orzechy')!;
  expect(allergen, 'the allergen "Orzechy"').toBeDefined();
  const loaded = await api<{ firstName: string; lastName: string; classroomId: number; dietId: number }>(
    page,
    adminToken,
    'GET',
    `children/${ownChild.subject.id}`,
  );
  expect(loaded.status).toBe(200);
  const saved = await api(page, adminToken, 'PUT', `children/${ownChild.subject.id}`, {
    firstName: loaded.data.firstName,
    lastName: loaded.data.lastName,
    classroomId: loaded.data.classroomId,
    dietId: loaded.data.dietId,
    allergies: [allergen.id],
    allergiesNote: ALLERGIES_NOTE,
  });
  expect(saved.status, JSON.stringify(saved.data)).toBe(200);
  expect(rowOf(await roster(page, cookToken, servingDay), ownChild.subject)!.items.map((item) => item.clash)).toEqual(ownChild.items.map(() => null));

  // --- The cook signs in and lands on the terminal; chooses the day and the meal types served now. ---
  await signedIn(page, COOK);
  await expect(page).toHaveURL(/\/terminal$/);
  const status = page.getByRole('status', { name: 'Stan terminala' });
  await expect(status).toContainText('Online');
  await page.getByLabel('Dzień', { exact: true }).fill(servingDay);
  await page.getByRole('button', { name: 'Wydawane teraz posiłki' }).click();
  const options = page.getByRole('listbox', { name: 'Wydawane teraz posiłki' });
  for (const name of mealTypes) await options.getByRole('option', { name, exact: true }).click();
  for (const name of mealTypes) await expect(options.getByRole('option', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  // A tap beside the picker closes it and gives the card field its focus back, ready for the reader.
  await page.getByRole('heading', { level: 1, name: 'Terminal' }).click();
  await expect(options).toBeHidden();
  // The day's roster is on the device (for offline serving) before the first child comes.
  await expect(status).toContainText(/Lista dnia na tym urządzeniu: \d+/);

  // --- A child with an order: served, who it is and the allergies in red. ---
  const result = page.getByRole('region', { name: 'Wynik skanu' });
  await swipe(page, cardOf(ownChild));
  await expect(result).toContainText('Wydaj');
  await expect(result).toContainText('Wydano.');
  await expect(result).toContainText(nameOf(ownChild));
  const allergies = result.getByRole('alert', { name: 'Alergie' });
  await expect(allergies).toContainText(`Alergeny: ${allergen.name}`);
  await expect(allergies).toContainText(`Uwagi: ${ALLERGIES_NOTE}`);
  await expect(allergies).toHaveCSS('color', 'rgb(220, 53, 69)'); // Bootstrap's danger red
  const handOut = result.getByRole('table', { name: 'Do wydania' });
  for (const item of ownChild.items) await expect(handOut.getByRole('row', { name: new RegExp(item.mealType.name) })).toContainText('wydano teraz');
  const afterServing = rowOf(await roster(page, cookToken, servingDay), ownChild.subject)!;
  expect(afterServing.items.map((item) => item.status)).toEqual(ownChild.items.map(() => 'served'));
  const servedAt = afterServing.items[0]!.servedAt!;
  await page.screenshot({ path: test.info().outputPath('served.png'), fullPage: true });

  // --- The same card again: already served, at the time of the first scan (the server's message). ---
  await swipe(page, cardOf(ownChild));
  await expect(result).toContainText('Nie wydawaj');
  await expect(result).toContainText(`Już wydano o ${warsawTime(servedAt)}.`);
  await expect(result).toContainText(nameOf(ownChild));

  // --- An unknown card: refused. ---
  const unknownCard = `9${Date.now().toString().slice(-8)}`;
  await swipe(page, unknownCard);
  await expect(result).toContainText('Nie wydawaj');
  await expect(result).toContainText('Nieznana karta.');
  await expect(result).not.toContainText(nameOf(ownChild));

  // --- The network drops: two children are served on the device's own decision and wait in the queue. ---
  await page.context().setOffline(true);
  await expect(status).toContainText('Offline');
  for (const [index, other] of others.entries()) {
    await swipe(page, cardOf(other));
    await expect(result).toContainText('Decyzja offline');
    await expect(result).toContainText('Wydano (offline).');
    await expect(result).toContainText(nameOf(other));
    await expect(result).toContainText('Zapisano na tym urządzeniu; zostanie wysłane po odzyskaniu połączenia.');
    await expect(status).toContainText(index === 0 ? '1 skan czeka na wysłanie' : '2 skany czekają na wysłanie');
  }
  await page.screenshot({ path: test.info().outputPath('offline.png'), fullPage: true });
  const queued = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => name.startsWith(`terminal.queue.${window.location.host}`));
    return JSON.parse(key ? window.localStorage.getItem(key)! : '[]') as { clientScanId: string; cardNumber: string; scannedAt: string }[];
  });
  expect(queued.map((scan) => scan.cardNumber)).toEqual(others.map(cardOf));
  // The browser's network is really cut: a request from the page fails.
  const before = await api<{ subjects: Serving[] }>(page, cookToken, 'GET', `terminal/roster?date=${servingDay}`).catch(() => null);
  expect(before).toBeNull();

  // --- Back online: the queue is sent by itself, and both children are served, once each. ---
  await page.context().setOffline(false);
  await expect(status).toContainText('Online');
  await expect(status).toContainText('0 skanów czeka na wysłanie', { timeout: 40_000 });
  // The last child's offline decision stays on screen, now marked as sent.
  await expect(result).toContainText('Wysłano na serwer.');
  await expect(result).not.toContainText('zostanie wysłane po odzyskaniu połączenia');
  await page.screenshot({ path: test.info().outputPath('synced.png'), fullPage: true });
  const afterSync = await roster(page, cookToken, servingDay);
  for (const [index, other] of others.entries()) {
    const items = rowOf(afterSync, other.subject)!.items;
    expect(items.map((item) => item.status)).toEqual(other.items.map(() => 'served'));
    // Served when the device saw the card, not when the queue reached the server.
    for (const item of items) expect(Date.parse(item.servedAt!)).toBe(Date.parse(queued[index]!.scannedAt));
  }
  const entries = (await api<{ items: Entry[] }>(page, cookToken, 'GET', `scannedCardEntries?date=${servingDay}&perPage=100`)).data.items;
  for (const [index, scan] of queued.entries()) {
    const sent = entries.filter((entry) => entry.clientScanId === scan.clientScanId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ result: 'served', offline: true, subject: { type: 'child', id: others[index]!.subject.id } });
  }
  for (const other of others) {
    const served = entries.filter((entry) => entry.subject?.id === other.subject.id && entry.subject.type === 'child' && entry.result === 'served');
    expect(served).toHaveLength(1);
  }

  // --- The parent sees the day served in the child's calendar, at the time of the scan. ---
  // A selection another scenario left unsent is restored as the parent's draft (its month, its receivers): start clean.
  expect((await api(page, parentToken, 'DELETE', 'calendar/days/markedPresencesDrafts')).status).toBe(200);
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await signedIn(parentPage, PARENT);
  await parentPage.goto('/calendar/user');
  await expect(parentPage.getByRole('heading', { level: 1, name: 'Kalendarz' })).toBeVisible();
  for (let step = 0; step < monthsBetween(today, servingDay); step += 1) {
    await parentPage.getByRole('button', { name: 'Następny miesiąc' }).click();
  }
  const line = parentPage.getByRole('button', { name: dayLabel(servingDay), exact: true }).getByTestId(`day-child/${ownChild.subject.id}`);
  for (const item of ownChild.items) await expect(line).toContainText(`✓ ${item.mealType.name}`);
  await expect(line).toContainText(`Wydano ${warsawTime(servedAt)}`);
  await parentContext.close();
});
