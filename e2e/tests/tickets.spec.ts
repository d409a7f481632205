import { expect, test } from '@playwright/test';
import { apiToken, signIn, uniqueSuffix } from './helpers';

// Issue 18, first slice: a parent opens a help ticket with a PDF attached; the ticket admin answers and closes it (confirming); the
// parent's bell shows the notifications, and its link opens the ticket with the answer.

const PARENT = 'joanna.piotrowska@example.pl';
const TICKET_ADMIN = 'zgloszenia@demo.kantyna.pl';

test('a help ticket is answered and closed, and the parent is notified in the bell', async ({ page, context }) => {
  const subject = `Zimna zupa ${uniqueSuffix()}`;
  const answer = 'Przepraszamy, sprawdzimy temperaturę w piątek.';

  await test.step('given the parent has read what earlier scenarios told her (a refund, deposits)', async () => {
    await page.goto('/api/health');
    const token = await apiToken(page, PARENT);
    const status = await page.evaluate(async (bearer) => {
      const response = await fetch('/api/frontend/notifications/read', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status;
    }, token);
    expect(status).toBe(200);
  });

  await test.step('the parent opens a ticket', async () => {
    await signIn(page, PARENT);
    await page.goto('/helpTickets/create');
    const form = page.getByRole('form', { name: 'Zgłoszenie pomocy' });
    // The demo tenant uses the spec's category variant B.
    await form.getByLabel(/Kategoria/).selectOption({ label: 'Jakość posiłków' });
    await form.getByLabel(/Temat/).fill(subject);
    await form.getByLabel(/Opis/).fill('Zupa w piątek była zimna.');
    await form.getByLabel('Załączniki').setInputFiles({
      name: 'reklamacja.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await form.getByRole('button', { name: 'Wyślij' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByRole('table', { name: 'Zgłoszenia' }).getByRole('button', { name: subject })).toBeVisible();
  });

  await test.step('the ticket admin answers and closes it', async () => {
    await context.clearCookies();
    await signIn(page, TICKET_ADMIN);
    await page.goto('/tickets');
    await page.getByRole('table', { name: 'Zgłoszenia' }).getByRole('button', { name: subject }).click();
    const ticket = page.getByRole('region', { name: `Zgłoszenie: ${subject}` });
    await expect(ticket.getByText('Zupa w piątek była zimna.')).toBeVisible();
    await expect(ticket.getByRole('list', { name: 'Załączniki' }).getByRole('button', { name: 'reklamacja.pdf' })).toBeVisible();
    await ticket.getByLabel('Twoja odpowiedź').fill(answer);
    await ticket.getByRole('button', { name: 'Wyślij odpowiedź' }).click();
    await expect(ticket.getByText(answer)).toBeVisible();
    await ticket.getByRole('button', { name: 'Zamknij zgłoszenie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zamknąć zgłoszenie?' });
    await dialog.getByRole('button', { name: 'Zamknij zgłoszenie' }).click();
    await expect(ticket.getByText(/Zamknięte przez: Paweł Lewandowski/)).toBeVisible();
  });

  await test.step('the job worker e-mails the parent (e-mail notifications are on by default)', async () => {
    await expect(async () => {
      await page.goto('/sso/dev/mail');
      const message = page.locator('article', { hasText: PARENT }).filter({ hasText: 'Nowa odpowiedź na Twoje zgłoszenie' });
      await expect(message.first()).toContainText(subject);
    }).toPass({ timeout: 20_000 });
  });

  await test.step('the parent sees the notifications and reads the answer', async () => {
    await context.clearCookies();
    await signIn(page, PARENT);
    await page.getByRole('button', { name: 'Powiadomienia, 2 nieprzeczytane' }).click();
    await expect(page.getByRole('link', { name: new RegExp(`Twoje zgłoszenie zostało zamknięte.*${subject}`) })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`Nowa odpowiedź na Twoje zgłoszenie.*${subject}`) }).click();
    const ticket = page.getByRole('region', { name: `Zgłoszenie: ${subject}` });
    await expect(ticket.getByText(answer)).toBeVisible();
    await expect(ticket.getByText(/Zamknięte przez: Paweł Lewandowski/)).toBeVisible();

    await page.getByRole('button', { name: 'Powiadomienia, 2 nieprzeczytane' }).click();
    await page.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }).click();
    await expect(page.getByRole('button', { name: 'Powiadomienia', exact: true })).toBeVisible();
  });
});
