import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

// Issue 19, "Done when" (invoices): an admin creates an institution's monthly invoice whose total equals that month's
// delivered meals, downloads the PDF and its KSeF XML, sends it to KSeF (the fake client: a KSeF number comes back
// from the job) and marks it paid; a parent sees their own invoices. The expected total is read
// from the orders' totals (live meals of the institution in the month), never written here.

const ADMIN = 'admin@demo.kantyna.pl';
const PARENT = 'agnieszka.wojcik@example.pl';
const PARENT_NAME = 'Wójcik Agnieszka';

type Json = Record<string, unknown>;

async function call(page: Page, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Json; bytes: number[] }> {
  return page.evaluate(
    async ([bearer, verb, url, payload]) => {
      const response = await fetch(`/api/frontend/${url}`, {
        method: verb,
        headers: { authorization: `Bearer ${bearer}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const buffer = new Uint8Array(await response.arrayBuffer());
      let json = {};
      try {
        json = JSON.parse(new TextDecoder().decode(buffer));
      } catch {
        // a file
      }
      return { status: response.status, json, bytes: Array.from(buffer) };
    },
    [token, method, path, body] as const,
  );
}

function monthRange(month: string): { dateFrom: string; dateTo: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { dateFrom: `${month}-01`, dateTo: `${month}-${String(last).padStart(2, '0')}` };
}

function candidateMonths(): string[] {
  const today = new Date();
  return [0, 1, -1].map((offset) => {
    const day = new Date(today.getFullYear(), today.getMonth() + offset, 1);
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}`;
  });
}

/** "1234.50" as the screen shows it in Polish: 1 234,50 (any space between the thousands). */
function polishAmount(amount: string): RegExp {
  const [whole, cents] = amount.split('.') as [string, string];
  const groups = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '|').split('|');
  return new RegExp(`${groups.join('[\\s\\u00a0\\u202f]?')},${cents}`);
}

test("an admin invoices an institution's month: the total is the month's delivered meals; the PDF; marked paid; a parent sees theirs", async ({ page }) => {
  await page.goto('/api/health');
  const admin = await apiToken(page, ADMIN);
  const settings = await call(page, admin, 'PUT', 'common/settings/invoicesConfig', {
    invoicesEnabled: true,
    numberingPattern: 'FV/{number}/{month}/{year}',
    paymentDueDays: 14,
    defaultVatRate: '8',
    ksefEnabled: true,
  });
  expect(settings.status).toBe(200);

  // The institution and month to invoice: the first with delivered meals, and their total from the orders' totals.
  const institutions = (await call(page, admin, 'GET', 'institutions/options?perPage=9999')).json.items as { value: number; text: string }[];
  let chosen: { id: number; name: string; month: string; expected: string } | null = null;
  for (const month of candidateMonths()) {
    for (const institution of institutions) {
      const { dateFrom, dateTo } = monthRange(month);
      const totals = (await call(page, admin, 'GET', `orders_totals?institutionId=${institution.value}&dateFrom=${dateFrom}&dateTo=${dateTo}`)).json;
      const gross = totals.grossAmount as { amount: string } | string | null;
      const amount = typeof gross === 'string' ? gross : (gross?.amount ?? '0.00');
      if (Number(amount) > 0) {
        chosen = { id: institution.value, name: institution.text, month, expected: amount };
        break;
      }
    }
    if (chosen) break;
  }
  expect(chosen, 'the demo has delivered meals in this month, the next or the last').not.toBeNull();
  const { id, name, month, expected } = chosen!;

  // Its monthly invoice goes to a business buyer, a gmina with a NIP, so it belongs in KSeF.
  const institution = (await call(page, admin, 'GET', `institutions/${id}`)).json;
  const buyer = await call(page, admin, 'PUT', `institutions/${id}`, {
    ...institution,
    invoiceBuyerName: 'Gmina Testowa',
    invoiceBuyerTaxId: '7251801126',
    invoiceBuyerStreet: 'ul. Piotrkowska 104',
    invoiceBuyerPostCode: '90-926',
    invoiceBuyerCity: 'Łódź',
    invoiceBuyerIsPublicBody: true,
  });
  expect(buyer.status, JSON.stringify(buyer.json)).toBe(200);

  // The admin issues it on the screen.
  await signIn(page, ADMIN);
  await page.goto('/invoicesFiles');
  await page.getByRole('link', { name: 'Wystaw fakturę' }).click();
  const form = page.getByRole('form', { name: 'Nowa faktura' });
  await form.getByLabel('Placówka', { exact: true }).selectOption({ label: name });
  await form.getByLabel('Miesiąc', { exact: true }).fill(month);
  await form.getByRole('button', { name: 'Wystaw fakturę' }).click();
  await expect(page.getByText(/Faktura została wystawiona|została już wystawiona/)).toBeVisible();
  await expect(page).toHaveURL(/\/invoicesFiles$/);

  const listed = (await call(page, admin, 'GET', `invoicesFiles?institutionId=${id}&month=${month}&kind=institution`)).json.items as {
    id: number;
    number: string;
    gross: { amount: string };
  }[];
  expect(listed).toHaveLength(1);
  const invoice = listed[0]!;
  expect(invoice.gross.amount).toBe(expected);

  // The screen shows it with that total, unpaid.
  const table = page.getByRole('table', { name: 'Faktury' });
  const row = table.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toContainText(polishAmount(expected));
  await expect(row).toContainText('Niezapłacona');

  // Its PDF: a PDF carrying its number.
  const pdf = await call(page, admin, 'POST', `invoicesFiles/${invoice.id}/download`);
  expect(pdf.status).toBe(200);
  const bytes = Buffer.from(pdf.bytes);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(invoice.number);

  // Its KSeF XML: FA(3) carrying its number, its gross total as P_15.
  const xml = await call(page, admin, 'GET', `invoicesFiles/${invoice.id}/ksefXml`);
  expect(xml.status).toBe(200);
  const xmlText = Buffer.from(xml.bytes).toString('utf8');
  expect(xmlText).toMatch(/^<\?xml/);
  expect(xmlText).toContain(`<P_2>${invoice.number}</P_2>`);
  expect(xmlText).toContain(`<P_15>${expected}</P_15>`);

  // Sent to KSeF from the screen, after confirming: the (fake) KSeF number appears once the job has it.
  await row.getByRole('button', { name: `Wyślij fakturę ${invoice.number} do KSeF` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Wyślij do KSeF' }).click();
  await expect(row).toContainText(/\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}/, { timeout: 60_000 });
  await expect(row).toContainText('W KSeF');
  await expect(row.getByRole('button', { name: /do KSeF$/ })).toHaveCount(0);

  // Downloaded from the screen as the selection's archive.
  await row.getByRole('checkbox').check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz zaznaczone (ZIP)' }).click()]);
  expect(download.suggestedFilename()).toBe('faktury.zip');
  expect((await readFile((await download.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');

  // Marked paid.
  await row.getByRole('button', { name: `Oznacz fakturę ${invoice.number} jako zapłaconą` }).click();
  await expect(page.getByText('Faktura została oznaczona jako zapłacona.')).toBeVisible();
  await expect(row).toContainText('Zapłacona');
  await expect(row.getByRole('button', { name: /jako zapłaconą/ })).toHaveCount(0);

  // A parent's month, issued by the office; the parent sees it, and only theirs.
  const parents = (await call(page, admin, 'GET', `users/options?role=ROLE_PARENT&search=W%C3%B3jcik&perPage=50`)).json.items as { value: number; text: string }[];
  const parent = parents.find((option) => option.text.includes('Agnieszka'));
  expect(parent, PARENT_NAME).toBeTruthy();
  let parentNumber: string | null = null;
  for (const candidate of candidateMonths()) {
    const created = await call(page, admin, 'POST', `invoicesFiles/createForUser/${parent!.value}`, { month: candidate });
    if (created.status === 201 || created.status === 200) {
      parentNumber = ((await call(page, admin, 'GET', `invoicesFiles/${created.json.id as number}`)).json.number as string) ?? null;
      break;
    }
  }
  expect(parentNumber).not.toBeNull();

  const parentContext = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const parentPage = await parentContext.newPage();
  await signIn(parentPage, PARENT);
  await parentPage.goto('/invoicesFiles');
  const mine = parentPage.getByRole('table', { name: 'Faktury' });
  await expect(mine.getByRole('row').filter({ hasText: parentNumber! })).toBeVisible();
  await expect(mine.getByRole('row').filter({ hasText: invoice.number })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: /^Usuń/ })).toHaveCount(0);
  await parentContext.close();
});
