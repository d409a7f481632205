import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

// Issue 19, "Done when" (refunds): a parent requests a refund of 20.00 PLN; the admin accepts 15.00 PLN; the
// parent's balance falls by 15.00 once; the export lists it. Joanna Piotrowska has a refund bank account in her
// demo profile and no other spec reads her balance.

const PARENT = 'joanna.piotrowska@example.pl';
const PARENT_NRB = '60102010260000042270201111';
const COMPANY_NRB = '61109010140000071219812874';
const ADMIN = 'admin@demo.kantyna.pl';

async function balanceOf(page: Page, token: string): Promise<number> {
  return page.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/auth/currentUser/balance', { headers: { authorization: `Bearer ${bearer}` } });
    return Math.round(Number(((await response.json()) as { amount: string }).amount) * 100);
  }, token);
}

test('a parent asks for 20.00, the admin accepts 15.00: the balance falls by 15.00 once and the bank file lists it', async ({ page, browser }, testInfo) => {
  await page.goto('/api/health');
  const parentToken = await apiToken(page, PARENT);
  const adminToken = await apiToken(page, ADMIN);
  const before = await balanceOf(page, parentToken);

  // The parent asks.
  await signIn(page, PARENT);
  await page.goto('/returnRequests');
  const form = page.getByRole('form', { name: 'Wniosek o zwrot środków' });
  await expect(form.getByLabel(/Kwota/)).toHaveValue((before / 100).toFixed(2));
  await expect(form.getByLabel('Konto do zwrotu')).toHaveText('60 1020 1026 0000 0422 7020 1111');
  await form.getByLabel(/Kwota/).fill('20,00');
  await form.getByLabel('Powód').fill('Dziecko zmienia szkołę');
  await form.getByRole('button', { name: 'Poproś o zwrot' }).click();
  await expect(page.getByText('Wniosek o zwrot został wysłany.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'czeka na decyzję biura' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Moje wnioski o zwrot' }).getByRole('row', { name: /Dziecko zmienia szkołę/ })).toContainText('Oczekuje');

  // The admin accepts 15.00 of it, in a browser of their own.
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/returnRequests?state=pending');
  const row = admin.getByRole('row', { name: /Joanna Piotrowska/ });
  await expect(row).toContainText('Oczekuje');
  await row.getByRole('button', { name: 'Akceptuj zwrot dla: Joanna Piotrowska' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Akceptacja zwrotu: Joanna Piotrowska' });
  await expect(dialog.getByLabel(/Zaakceptowana kwota/)).toHaveValue('20.00');
  await dialog.getByLabel(/Zaakceptowana kwota/).fill('15,00');
  await dialog.getByRole('button', { name: 'Zapisz' }).click();
  await expect(admin.getByText('Zwrot został zaakceptowany.')).toBeVisible();
  expect(await balanceOf(page, parentToken)).toBe(before - 1500);

  // Once: the same accept sent again (a double click, a second admin) books nothing more.
  const requestId = await admin.evaluate(async (bearer) => {
    const response = await fetch('/api/frontend/returnRequests?state=accepted', { headers: { authorization: `Bearer ${bearer}` } });
    return ((await response.json()) as { items: { id: number; requester: { fullName: string } }[] }).items.find((item) => item.requester.fullName === 'Joanna Piotrowska')!.id;
  }, adminToken);
  const again = await admin.evaluate(
    async ([bearer, id]) => {
      const response = await fetch(`/api/frontend/returnRequests/${id}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: { amount: '15.00', currency: 'PLN' } }),
      });
      return response.status;
    },
    [adminToken, requestId] as const,
  );
  expect(again).toBe(200);
  expect(await balanceOf(page, parentToken)).toBe(before - 1500);

  // The bank file: one Elixir-O line for her, 15.00 from the company's account to hers.
  await admin.goto('/returnRequests');
  await admin.getByRole('button', { name: 'Plik do banku' }).click();
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Elixir-O (import do banku)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^zwroty-\d{4}-\d{2}-\d{2}\.txt$/);
  const text = new TextDecoder('windows-1250').decode(await readFile((await download.path())!));
  const line = text.split('\r\n').find((candidate) => candidate.includes(`"${PARENT_NRB}"`));
  expect(line).toBeDefined();
  const fields = line!.split(',');
  expect(fields[0]).toBe('110');
  expect(fields[2]).toBe('1500');
  expect(fields[5]).toBe(`"${COMPANY_NRB}"`);
  expect(line).toContain('"Joanna Piotrowska"');
  expect(line).toContain(`"Zwrot środków, wniosek nr ${requestId}"`);
  await adminContext.close();

  // The parent sees the request accepted with 15.00.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Moje wnioski o zwrot' }).getByRole('row', { name: /Dziecko zmienia szkołę/ })).toContainText('Zaakceptowany');
});
