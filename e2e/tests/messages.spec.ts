import { expect, test } from '@playwright/test';
import { signIn, uniqueSuffix } from './helpers';

// Issue 18, messages: the admin sends a message with a PDF to the parents of one institution (the receivers counted
// and the sending confirmed); a parent there finds it unread among the received, opens it (read) and downloads the
// file; a parent of another institution does not see it.

const ADMIN = 'admin@demo.kantyna.pl';
// SP 12's parents: not PM 5's, whose Joanna Piotrowska counts her notifications in tickets.spec.ts. Krzysztof
// Krawczyk's only child goes to SP 12; Monika Pawłowska's only child to PM 5.
const PARENT_THERE = 'krzysztof.krawczyk@example.pl';
const PARENT_ELSEWHERE = 'monika.pawlowska@example.pl';
const INSTITUTION = 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a message to one institution reaches its parents only, with its file', async ({ page, context }) => {
  const subject = `Zebranie rodziców ${uniqueSuffix()}`;

  await test.step('the admin sends it to the institution, parents only, with a PDF', async () => {
    await signIn(page, ADMIN);
    await page.goto('/messages');
    await page.getByRole('button', { name: 'Nowa wiadomość' }).click();
    const form = page.getByRole('form', { name: 'Nowa wiadomość' });
    await form.getByLabel('Do wielu osób').check();
    await form.getByLabel('Placówki').click();
    await page.getByRole('option', { name: INSTITUTION }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Rodzic' }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('status')).toContainText(/Wiadomość trafi do \d+ os/);
    await form.getByLabel('Temat').fill(subject);
    await form.getByLabel('Treść').fill('Zapraszamy na zebranie w poniedziałek o 17:00.');
    await form.getByLabel('Załączniki').setInputFiles({ name: 'plan-zebrania.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Wyślij' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wysłać do wielu osób?' });
    await dialog.getByRole('button', { name: 'Wyślij' }).click();
    await expect(page.getByText('Wiadomość została wysłana.')).toBeVisible();
    await page.getByRole('link', { name: 'Wysłane' }).click();
    await expect(page.getByRole('table', { name: 'Wysłane' }).getByRole('button', { name: subject })).toBeVisible();
  });

  await test.step('a parent of that institution reads it and downloads the file', async () => {
    await context.clearCookies();
    await signIn(page, PARENT_THERE);
    await page.goto('/messages');
    const table = page.getByRole('table', { name: 'Odebrane' });
    const row = table.getByRole('row').filter({ hasText: subject });
    await expect(row.getByText('Nowa', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: subject }).click();
    const message = page.getByRole('region', { name: `Wiadomość: ${subject}` });
    await expect(message.getByText('Zapraszamy na zebranie w poniedziałek o 17:00.')).toBeVisible();
    await expect(row.getByText('Nowa', { exact: true })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await message.getByRole('button', { name: 'Pobierz plan-zebrania.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('plan-zebrania.pdf');
  });

  await test.step('a parent of another institution does not see it', async () => {
    await context.clearCookies();
    await signIn(page, PARENT_ELSEWHERE);
    await page.goto('/messages');
    const table = page.getByRole('table', { name: 'Odebrane' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('button', { name: subject })).toHaveCount(0);
  });
});
