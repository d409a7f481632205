import { expect, test, type Page } from '@playwright/test';
import { apiToken, signedIn, uniqueSuffix } from './helpers';

// Issue 14, "Done when": an admin uploads an MT940 statement with three transfers (one to the payer's individual
// account number, one with the payer's reference in the title, one unmatched), assigns the unmatched one by hand,
// confirms, and the three parents see their deposits; uploading the same file again books nothing.

const ADMIN = 'admin@demo.kantyna.pl';
const BANK_PART = '1020'; // the demo tenant's parentsSettings.ibanAccountNumberPart (seed_demo)
const BY_ACCOUNT = { email: 'piotr.kowalski@example.pl', amount: '150.00' };
const BY_TITLE = { email: 'agnieszka.wojcik@example.pl', amount: '80.50' };
// Parents no other scenario signs in as with a changed password (password-reset.spec.ts sets a new one for its own).
const BY_HAND = { email: 'michal.grabowski@example.pl', amount: '60.00', option: 'Grabowski Michał (michal.grabowski@example.pl)' };

const pln = (amount: string) => new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(Number(amount));
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The payer's individual account number, as /billing shows it (ledger.selectors.payer_nrb). */
function payerNrb(userId: number): string {
  const bban = BANK_PART.padStart(8, '0') + String(userId).padStart(16, '0');
  const check = 98n - (BigInt(`${bban}252100`) % 97n);
  return String(check).padStart(2, '0') + bban;
}

async function call<T>(page: Page, token: string, path: string): Promise<T> {
  return page.evaluate(
    async ([bearer, url]) => {
      const response = await fetch(`/api/frontend/${url}`, { headers: { authorization: `Bearer ${bearer}` } });
      return (await response.json()) as T;
    },
    [token, path] as const,
  );
}

async function payerId(page: Page, adminToken: string, email: string): Promise<number> {
  const found = await call<{ items: { id: number; email: string }[] }>(page, adminToken, `transactions/users?search=${encodeURIComponent(email)}`);
  const payer = found.items.find((item) => item.email === email);
  if (!payer) throw new Error(`no payer ${email}`);
  return payer.id;
}

async function balanceCents(page: Page, email: string): Promise<number> {
  const token = await apiToken(page, email);
  const balance = await call<{ amount: string }>(page, token, 'auth/currentUser/balance');
  return Math.round(Number(balance.amount) * 100);
}

function statement(run: string, ids: { account: number; title: number }): Buffer {
  const lines = [
    ':20:MT940',
    ':25:/PL27114020040000300201355387',
    ':28C:00215/1',
    ':60F:C261120PLN000000012500,00',
    `:61:2611201120C150,00S034${run}A//${run}A`,
    `VA ${payerNrb(ids.account)}`,
    `:86:034~00PRZELEW PRZYCHODZ.~20Obiady listopad ${run}~32PIOTR KOWALSKI~38PL61102026290000123456789012`,
    `:61:2611201120C80,50S034${run}B//${run}B`,
    `:86:034~00PRZELEW PRZYCHODZ.~20Wplata KNT${String(ids.title).padStart(6, '0')} ${run}~32AGNIESZKA WOJCIK`,
    `:61:2611211121C60,00S034${run}C//${run}C`,
    `:86:034~00PRZELEW PRZYCHODZ.~20Za obiady wnuka ${run}~32BABCIA HALINA~38PL55109010140000000000000002`,
    ':62F:C261121PLN000000012790,50',
    '-',
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf-8');
}

async function upload(page: Page, file: Buffer): Promise<void> {
  await page.goto('/importedPaymentsFiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Zaimportowane pliki płatności' })).toBeVisible();
  await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wczytaj wyciąg bankowy' });
  await dialog.getByLabel('Plik wyciągu').setInputFiles({ name: 'wyciag.sta', mimeType: 'text/plain', buffer: file });
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'wyciag.sta' })).toBeVisible();
}

async function confirmBooking(page: Page, count: number): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`Zatwierdź i zaksięguj ${count} `) }).click();
  const question = page.getByRole('dialog', { name: 'Księgowanie wpłat' });
  await question.getByRole('button', { name: 'Zaksięguj' }).click();
  await expect(page.getByText(new RegExp(`Zaksięgowano ${count} wpłat`))).toBeVisible();
}

test('an admin imports an MT940 statement, assigns the unmatched transfer, confirms; each parent sees the deposit once', async ({
  page,
  browser,
}, testInfo) => {
  // The longest scenario: four users (the admin and three parents, each in a browser of their own) and two imports
  // of the statement. At load 17 on 2 cores it went past the 60 s of one test (~18 s at load 7): three times that.
  test.slow();
  const run = uniqueSuffix().toUpperCase();
  await page.goto('/api/health');
  const adminToken = await apiToken(page, ADMIN);
  const ids = { account: await payerId(page, adminToken, BY_ACCOUNT.email), title: await payerId(page, adminToken, BY_TITLE.email) };
  const payers = [BY_ACCOUNT, BY_TITLE, BY_HAND];
  const before = await Promise.all(payers.map((payer) => balanceCents(page, payer.email)));
  const file = statement(run, ids);

  await signedIn(page, ADMIN);
  await upload(page, file);
  const lines = page.getByRole('table', { name: 'Pozycje wyciągu' });
  await expect(lines.getByRole('row', { name: /PIOTR KOWALSKI/ })).toContainText('Numer rachunku');
  await expect(lines.getByRole('row', { name: /AGNIESZKA WOJCIK/ })).toContainText('Identyfikator w tytule');
  await expect(lines.getByRole('row', { name: /BABCIA HALINA/ })).toContainText('Niedopasowana');

  // The unmatched transfer goes to Michał Grabowski by hand.
  await page.getByRole('button', { name: 'Zmień płatnika wpłaty: BABCIA HALINA' }).click();
  const picker = page.getByRole('dialog', { name: 'Płatnik tej wpłaty' });
  await picker.getByLabel('Szukaj płatnika').fill('grabowski');
  await expect(picker.getByRole('option', { name: BY_HAND.option })).toBeAttached();
  await picker.getByLabel('Płatnik', { exact: true }).selectOption({ label: BY_HAND.option });
  await picker.getByRole('button', { name: 'Zapisz' }).click();
  await expect(picker).toBeHidden();
  await expect(lines.getByRole('row', { name: /BABCIA HALINA/ })).toContainText('Przypisano ręcznie');

  await confirmBooking(page, 3);
  await expect(page.getByText('Zatwierdzony')).toBeVisible();

  const after = await Promise.all(payers.map((payer) => balanceCents(page, payer.email)));
  expect(after.map((cents, index) => cents - (before[index] ?? 0))).toEqual([15000, 8050, 6000]);

  // Each parent sees the deposit in their history on /billing.
  const titles = [`Obiady listopad ${run}`, `Wplata KNT${String(ids.title).padStart(6, '0')} ${run}`, `Za obiady wnuka ${run}`];
  for (const [index, payer] of payers.entries()) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    const parentPage = await context.newPage();
    await signedIn(parentPage, payer.email);
    await parentPage.goto('/billing');
    // Deposits only: the statement's transfers are dated before the meals the other scenarios charged since, so on
    // the first page of all kinds they may not be.
    await parentPage.getByRole('combobox', { name: 'Rodzaj' }).selectOption({ label: 'Wpłata' });
    const row = parentPage.getByRole('table', { name: 'Historia transakcji' }).getByRole('row', { name: new RegExp(titles[index] ?? '') });
    await expect(row).toContainText('Wpłata');
    expect(plain((await row.textContent()) ?? '')).toContain(plain(pln(payer.amount)));
    await context.close();
  }

  // The same file again: every transfer is already imported and confirming books nothing.
  await upload(page, file);
  await expect(lines.getByRole('row', { name: /BABCIA HALINA/ })).toContainText('Już zaimportowana');
  await expect(lines.getByRole('row', { name: /PIOTR KOWALSKI/ })).toContainText('Już zaimportowana');
  await confirmBooking(page, 0);
  const again = await Promise.all(payers.map((payer) => balanceCents(page, payer.email)));
  expect(again).toEqual(after);
});
