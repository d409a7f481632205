import { expect, test } from '@playwright/test';
import { apiToken, bookDeposit, signedIn, uniqueSuffix } from './helpers';

// Issue 19, "Done when": with fiscalization on, a deposit is fiscalized and shows its receipt number.

const PARENT_PAYER = 'Nowak Anna (anna.nowak@example.pl)';
const ADMIN = 'admin@demo.kantyna.pl';

/** Fiscalization back off for the specs after this one, whatever happened in it (the admin's own API call). */
test.afterEach(async ({ page }) => {
  await page.goto('/api/health');
  const token = await apiToken(page, ADMIN);
  await page.evaluate(async (bearer) => {
    await fetch('/api/frontend/common/settings/fiscalConfig', {
      method: 'PUT',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fiscalizationEnabled: false }),
    });
  }, token);
});

test('an admin turns fiscalization on, books a deposit for a parent, fiscalizes it and sees its receipt number', async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto('/settings/tenant');
  await page.getByRole('link', { name: 'Fiskalizacja' }).click();
  await expect(page).toHaveURL(/\/settings\/tenant\/fiscalization$/);
  await page.getByLabel('Fiskalizacja włączona').check();
  await expect(page.getByLabel('Kasa fiskalna')).toHaveValue('fake');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Ustawienia zostały zapisane.')).toBeVisible();

  // A deposit booked by the office (the existing booking form).
  const description = `Wpłata do fiskalizacji e2e ${uniqueSuffix()}`;
  await bookDeposit(page, PARENT_PAYER, '40,00', description);

  const table = page.getByRole('table', { name: 'Transakcje' });
  await expect(table.getByRole('columnheader', { name: 'Paragon fiskalny' })).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(description) });
  // Waiting for the register until fiscalized (by this click, or by the job if it came first).
  const fiscalize = row.getByRole('button', { name: /^Fiskalizuj transakcję nr \d+$/ });
  await expect(fiscalize.or(row.getByText(/FAKE\//))).toBeVisible();
  if (await fiscalize.isVisible()) {
    await fiscalize.click();
    await expect(page.getByText(/Wysłano 1 wpłatę do kasy fiskalnej/)).toBeVisible();
  }
  // The job registers it within moments; the list is read again until the number is there.
  await expect(row).toContainText(/FAKE\/\d{4}\/\d{6}/, { timeout: 90_000 });
  await expect(row.getByRole('button', { name: /^Fiskalizuj/ })).toHaveCount(0);

  // The number stays after a reload (it is the server's).
  await page.reload();
  await expect(page.getByRole('table', { name: 'Transakcje' }).getByRole('row', { name: new RegExp(description) })).toContainText(
    /FAKE\/\d{4}\/\d{6}/,
  );
});
