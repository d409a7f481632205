import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueSuffix } from './helpers';

// Issue 18, announcements: the admin publishes an announcement for one institution (SP 12) with a PDF; a parent of
// that institution sees it once in the dialog after navigating, marks it read, then finds it in the list and
// downloads the file; a parent whose children are all in another institution (PM 5) sees neither. The announcement
// is deleted at the end, so that later specs' parents of SP 12 meet no dialog.

const ADMIN = 'admin@demo.kantyna.pl';
const PARENT_HERE = 'michal.grabowski@example.pl'; // Alicja and Franciszek, SP 12 only
const PARENT_ELSEWHERE = 'monika.pawlowska@example.pl'; // Oliwia, PM 5 only
const SCHOOL = 'Szkoła Podstawowa nr 12 im. Marii Konopnickiej';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Runs `navigate` and waits for the unseen announcements it makes the app ask for. */
async function navigateAndAskUnseen(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  const unseen = page.waitForResponse((response) => response.url().includes('/api/frontend/announcements/unseen') && response.ok());
  await navigate();
  await unseen;
}

test('an announcement for one institution is seen once by its parents only', async ({ page, context }) => {
  const title = `Zmiana jadłospisu ${uniqueSuffix()}`;
  const announcements = page.getByRole('table', { name: 'Ogłoszenia' });

  await test.step('the admin publishes it for SP 12 with a PDF', async () => {
    await signIn(page, ADMIN);
    await page.goto('/announcements/create');
    const form = page.getByRole('form', { name: 'Nowe ogłoszenie' });
    await form.getByLabel(/Tytuł/).fill(title);
    await form.getByRole('textbox', { name: /Treść/ }).fill('Od poniedziałku ');
    await form.getByRole('button', { name: 'Pogrubienie' }).click();
    await expect(form.getByRole('region', { name: 'Podgląd' })).toContainText('Od poniedziałku');
    await form.getByRole('radio', { name: 'Placówki, klasy lub role' }).check();
    await form.getByRole('button', { name: 'Placówki' }).click();
    await form.getByRole('option', { name: SCHOOL }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Dodaj pliki').setInputFiles({ name: 'jadlospis.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Opublikuj' }).click();
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(announcements.getByRole('heading', { name: title })).toBeVisible();
  });

  await test.step('a parent of SP 12 sees it once after navigating and marks it read', async () => {
    await context.clearCookies();
    await signIn(page, PARENT_HERE);
    const dialog = page.getByRole('dialog', { name: 'Nowe ogłoszenie' });
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog.getByText('Od poniedziałku')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'jadlospis.pdf' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Oznacz jako przeczytane' }).click();
    await expect(dialog).toBeHidden();

    await navigateAndAskUnseen(page, () => page.goto('/helpTickets/create'));
    await expect(page.getByRole('heading', { name: 'Zgłoszenie pomocy' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step('the parent finds it in the list and downloads its file', async () => {
    await navigateAndAskUnseen(page, () => page.goto('/announcements'));
    await expect(announcements.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    const download = page.waitForEvent('download');
    await announcements.getByRole('button', { name: 'jadlospis.pdf' }).click();
    expect((await download).suggestedFilename()).toMatch(/^jadlospis.*\.pdf$/);
  });

  await test.step('a parent of PM 5 sees no dialog and no such announcement', async () => {
    await context.clearCookies();
    await navigateAndAskUnseen(page, () => signIn(page, PARENT_ELSEWHERE));
    await navigateAndAskUnseen(page, () => page.goto('/announcements'));
    await expect(announcements).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(announcements.getByRole('heading', { name: title })).toHaveCount(0);
  });

  await test.step('the admin deletes it, confirming', async () => {
    await context.clearCookies();
    await signIn(page, ADMIN);
    await page.goto('/announcements');
    await announcements.getByRole('button', { name: `Usuń: ${title}` }).click();
    await page.getByRole('dialog', { name: 'Potwierdź usunięcie' }).getByRole('button', { name: 'Usuń' }).click();
    await expect(announcements.getByRole('heading', { name: title })).toHaveCount(0);
  });
});
