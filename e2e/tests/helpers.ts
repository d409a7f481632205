import { expect, test, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

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

/** The localStorage a saved sign-in keeps: the user's tenants. Not the balance and the like the app caches there,
 * which would show a later test the numbers of the moment of the first sign-in. */
const KEPT_STORAGE_KEYS = new Set(['kantyna.tenants']);

/**
 * Signed in as `email` for a test that needs a signed-in user, not one about signing in: the run's first call for
 * a user goes through the sign-in pages (`signIn`) and saves the browser's cookies (the session's token, valid 12
 * hours: JWT_TTL_SECONDS) and tenants list under the run's output directory; later calls put them in the page's
 * context and open the login page, which sends a signed-in user to the role's home, where `signIn` ends too.
 * Not for a user whose tokens a test revokes (password change or reset) or who signs out for good.
 */
export async function signedIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const file = path.join(test.info().project.outputDir, '.signed-in', `${email}.json`);
  const context = page.context();
  if (!existsSync(file)) {
    await signIn(page, email, password);
    const state = await context.storageState();
    const origins = state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => KEPT_STORAGE_KEYS.has(item.name)),
    }));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ cookies: state.cookies, origins }));
    return;
  }
  const state = JSON.parse(readFileSync(file, 'utf8')) as Awaited<ReturnType<typeof context.storageState>>;
  await context.addCookies(state.cookies);
  const tenantOrigin = new URL(test.info().project.use.baseURL ?? '').origin;
  const stored = state.origins.find((item) => item.origin === tenantOrigin)?.localStorage ?? [];
  if (stored.length > 0) {
    await page.goto('/api/health'); // a page of the tenant's origin that does not start the app
    await page.evaluate((items) => {
      for (const { name, value } of items) window.localStorage.setItem(name, value);
    }, stored);
  }
  await page.goto('/auth/login');
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

/** A short suffix that keeps names and e-mails of one run apart from the demo data and from other runs. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * Opens the password link of the newest e-mail to `email` on the dev mail page (`/sso/dev/mail`, DEV_MAIL_PAGE=1).
 * E-mails go out through the job worker, so this waits for it.
 */
export async function openSetPasswordLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    await page.goto('/sso/dev/mail');
    const message = page.locator('article', { hasText: email }).first();
    await expect(message).toBeVisible();
    link = (await message.locator('a[href*="/sso/"]').first().getAttribute('href')) ?? undefined;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  await page.goto(link!);
  return link!;
}

// --- A tiny XLSX writer (stored ZIP, inline strings): enough for openpyxl, no dependency. ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function zipStored(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An XLSX workbook of one sheet whose rows are text cells (the first row is usually the headers). */
export function xlsxOf(rows: string[][]): Buffer {
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((cell, c) => (cell === '' ? '' : `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xmlEscape(cell)}</t></is></c>`))
          .join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return zipStored({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
      `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Dzieci" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
      '</Relationships>',
    'xl/worksheets/sheet1.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main">` +
      `<sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

// --- A tiny XLSX reader (ZIP central directory, deflate via node:zlib): the first sheet's cells as text. ---

function unzipEntries(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a ZIP file');
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function xmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) => String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code)))
    .replace(/&amp;/g, '&');
}

/** The first sheet of an XLSX as rows of cell texts (numbers as written, e.g. "44.5"; empty cells ''). */
export function readXlsx(file: Buffer): string[][] {
  const entries = unzipEntries(file);
  const shared = [...(entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) =>
    xmlText([...match[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((part) => part[1]).join('')),
  );
  const sheet = entries.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const cell of row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const column = [...cell[1]!].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0) - 1;
      const body = cell[3] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const inline = /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1];
      while (cells.length < column) cells.push('');
      cells[column] = /t="s"/.test(cell[2]!) && value !== undefined ? shared[Number(value)]! : xmlText(inline ?? value ?? '');
    }
    return cells;
  });
}

/**
 * The office books a deposit for a payer through the transactions page's form (signed in as an admin); answers the
 * new transaction's id once the page confirms the booking.
 */
export async function bookDeposit(page: Page, payer: string, amount: string, description: string): Promise<number> {
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transakcje' })).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj transakcję' }).click();
  const form = page.getByRole('dialog', { name: 'Nowa transakcja' });
  await form.getByLabel('Płatnik').selectOption({ label: payer });
  await expect(form.getByLabel('Rodzaj')).toHaveValue('deposit');
  await form.getByLabel('Kwota').fill(amount);
  await form.getByLabel('Opis').fill(description);
  const booking = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/frontend/transactions',
  );
  await form.getByRole('button', { name: 'Zapisz' }).click();
  const booked = await booking;
  expect(booked.status()).toBe(201);
  await expect(page.getByText('Transakcja została zaksięgowana.')).toBeVisible();
  await expect(form).toBeHidden();
  return ((await booked.json()) as { id: number }).id;
}
