import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { signedIn } from './helpers';

const ADMIN = 'admin@demo.kantyna.pl';

/**
 * The text runs of a PDF's first page as the project writes it (fpdf2: subset fonts with ToUnicode maps, Flate
 * streams, each label line one `(...) Tj` between BT and ET): the same reading as the backend's
 * `kantyna/testing/pdf.py`, enough to check what the first label says.
 */
function firstPageTexts(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)\s*endobj/g)) objects.set(Number(match[1]), match[2]);
  const stream = (body: string) => {
    const data = /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body)![1];
    const bytes = Buffer.from(data, 'latin1');
    return (body.includes('/FlateDecode') ? inflateSync(bytes) : bytes).toString('latin1');
  };
  const unicodeMap = (body: string) => {
    const map = new Map<number, string>();
    const text = stream(body);
    for (const section of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, from, to] of section[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        map.set(parseInt(from, 16), Buffer.from(to, 'hex').swap16().toString('utf16le'));
      }
    }
    for (const section of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, start, end, to] of section[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        for (let code = parseInt(start, 16); code <= parseInt(end, 16); code += 1) {
          map.set(code, String.fromCodePoint(parseInt(to, 16) + code - parseInt(start, 16)));
        }
      }
    }
    return map;
  };
  const fonts = new Map<string, Map<number, string>>();
  for (const body of objects.values()) {
    for (const [, name, number] of body.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(number)) ?? '');
      if (toUnicode) fonts.set(name, unicodeMap(objects.get(Number(toUnicode[1]))!));
    }
  }
  const unescape = (raw: string) =>
    raw.replace(/\\([0-7]{1,3}|[\s\S])/g, (_all, token: string) =>
      /^[0-7]/.test(token) ? String.fromCharCode(parseInt(token, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[token] ?? token),
    );
  const [, page] = [...objects.entries()].sort(([a], [b]) => a - b).find(([, body]) => /\/Type \/Page\b/.test(body))!;
  const contents = stream(objects.get(Number(/\/Contents (\d+) 0 R/.exec(page)![1]))!);
  const texts: string[] = [];
  let font = new Map<number, string>();
  let run = '';
  for (const match of contents.matchAll(/\/(F\d+) [\d.]+ Tf|\(((?:\\[\s\S]|[^\\)])*)\) Tj|\bET\b/g)) {
    if (match[1]) font = fonts.get(match[1]) ?? new Map();
    else if (match[2] !== undefined) {
      const raw = unescape(match[2]);
      for (let i = 0; i < raw.length; i += 2) run += font.get((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1)) ?? '?';
    } else if (run) {
      texts.push(run);
      run = '';
    }
  }
  return texts;
}

test('an admin previews the labels of the next school day and prints them: the first label names the first child with allergens', async ({ page }) => {
  await signedIn(page, ADMIN);

  // The next day with demo orders after today (tomorrow on a school day), from the orders list's kitchen summary.
  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'Zamówienia' }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Podsumowanie dla kuchni' }).click();
  const summary = page.getByRole('table', { name: 'Posiłki według dni i rodzajów' });
  await expect(summary.getByRole('row').nth(1)).toBeVisible();
  const days = await summary.locator('tbody tr td:first-child').allTextContents();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const iso = days.map((day) => day.trim().split('.').reverse().join('-'));
  const day = iso.filter((value) => value > today).sort()[0];
  expect(day).toBeTruthy();

  await page.goto(`/ordersLabels?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Etykiety zamówień' })).toBeVisible();
  const receivers = page.getByRole('table', { name: 'Odbiorcy etykiet' });
  // The labels' order: institution (the kindergarten before the school), classroom, surname, first name.
  const first = receivers.locator('tbody tr').first();
  await expect(first.locator('td').first()).toHaveText('Pawłowska Oliwia');
  await expect(first.locator('td').nth(1)).toHaveText('Przedszkole Miejskie nr 5 „Słoneczko”');
  await expect(first.locator('td').nth(2)).toHaveText('Biedronki');
  await expect(first.locator('strong')).toHaveText('Jaja, Mleko');
  await expect(page.getByRole('status')).toContainText('Etykiety:');

  await page.getByLabel('Arkusz etykiet').selectOption('3x8');
  const [response, download] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/orders/printLabels')),
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Drukuj etykiety (PDF)' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toBe(`etykiety-${day}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);

  const [dd, mm, yyyy] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
  const texts = firstPageTexts(pdf);
  expect(texts[0]).toBe('Oliwia Pawłowska');
  expect(texts[1]).toBe('Przedszkole Miejskie nr 5 „Słoneczko” · Biedronki');
  expect(texts[2]).toMatch(new RegExp(`^${dd}\\.${mm}\\.${yyyy} · `));
  // The first label's last lines (after the dish, diet and portion): the allergens, then the note.
  const firstLabel = texts.slice(0, texts.indexOf('Uwagi o alergiach: Bez jajek w żadnej postaci') + 1);
  expect(firstLabel.slice(-2)).toEqual(['Alergeny: Jaja, Mleko', 'Uwagi o alergiach: Bez jajek w żadnej postaci']);
  expect(firstLabel.length).toBeLessThanOrEqual(7);
});
