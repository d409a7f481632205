import { expect, test } from '@playwright/test';
import { signedIn, uniqueSuffix } from './helpers';

// The report is made and mailed by the job worker: this proves the send job, the report's file and the mail end to end.
test('the report manager schedules a monthly orders report for two addresses, sends it now and the XLSX arrives', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const name = `Zamówienia dla gminy ${suffix}`;
  const addresses = [`ksiegowosc.${suffix}@gmina.example.pl`, `dyrektor.${suffix}@szkola.example.pl`];

  await signedIn(page, 'raporty@demo.kantyna.pl');
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  await menu.getByRole('button', { name: 'Raporty', exact: true }).click();
  await menu.getByRole('link', { name: 'Raporty automatyczne' }).click();
  await expect(page).toHaveURL(/\/automatedReports$/);
  await page.getByRole('link', { name: 'Dodaj raport automatyczny' }).click();

  const form = page.getByRole('form', { name: 'Nowy raport automatyczny' });
  await form.getByLabel(/^Nazwa/).fill(name);
  await form.getByLabel(/^Raport/).selectOption('ordersPerInstitution');
  await expect(form.getByLabel(/^Jeden wiersz na/)).toHaveValue('month');
  await expect(form.getByLabel(/^Okres danych/)).toHaveValue('last_month');
  await expect(form.getByLabel(/^Format pliku/)).toHaveValue('xlsx');
  await form.getByLabel(/^Wysyłka/).selectOption('monthly');
  await form.getByLabel(/^Dzień miesiąca/).fill('1');
  await form.getByLabel(/^Godzina/).fill('06:00');
  await form.getByLabel(/^Adresy e-mail/).fill(addresses.join('\n'));
  await form.getByRole('button', { name: 'Zapisz' }).click();

  await expect(page).toHaveURL(/\/automatedReports$/);
  const table = page.getByRole('table', { name: 'Raporty automatyczne' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Co miesiąc, dnia 1, o 06:00');
  await expect(row).toContainText(addresses.join(', '));
  await expect(row.getByRole('switch', { name: `${name} włączony` })).toBeChecked();
  await row.getByRole('button', { name: `Wyślij ${name} teraz` }).click();
  await expect(page.getByText('Wysyłanie 1 raportu.')).toBeVisible();

  let attachmentUrl: string | null = null;
  await expect(async () => {
    await page.goto('/sso/dev/mail');
    const message = page.locator('article', { hasText: `Raport automatyczny: ${name}` }).first();
    await expect(message).toContainText(addresses.join(', '));
    const attachment = message.getByRole('list', { name: 'Załączniki' }).getByRole('link');
    await expect(attachment).toHaveText(/\.xlsx$/);
    attachmentUrl = await attachment.getAttribute('href');
  }).toPass({ timeout: 60_000 });

  // Fetched by the page: Chromium resolves *.localhost, Node does not. An XLSX is a ZIP: it starts with "PK".
  const head = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), start: String.fromCharCode(bytes[0]!, bytes[1]!) };
  }, attachmentUrl!);
  expect(head).toEqual({
    status: 200,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    start: 'PK',
  });

  await page.goto('/automatedReports');
  await expect(
    page.getByRole('table', { name: 'Raporty automatyczne' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('Wysłano');
});
