import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { apiToken, bookDeposit, signedIn, uniqueSuffix } from './helpers';

// Fiscal receipts on a Novitus printer (NoviApi): the admin sets the printer up in the settings, books a deposit,
// fiscalizes it and sees the printer's receipt number; the printer (the backend's local double, no hardware) has
// printed it exactly once, for the deposit's amount.

const PARENT_PAYER = 'Nowak Anna (anna.nowak@example.pl)';
const ADMIN = 'admin@demo.kantyna.pl';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface PrintedReceipt {
  items: { article: { name: string; ptu: string; value: string } }[];
  summary: { total: string };
  system_info?: { system_number?: { value: string } };
}

let printer: ChildProcess | undefined;
let printerUrl = '';

/** The local printer (backend/kantyna/fiscal/tests/printer.py) on a port the system picks (`--port 0`): its
 * address is read off the line it prints once it serves. */
async function startPrinter(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(`${ROOT}/.venv/bin/python`, ['-m', 'kantyna.fiscal.tests.printer', '--port', '0'], {
    cwd: `${ROOT}/backend`,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the NoviApi printer did not start within 30 s')), 30_000);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the NoviApi printer exited (${code}) before serving`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /NoviApi printer at (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  }).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  return { child, url };
}

async function printed(): Promise<PrintedReceipt[]> {
  const response = await fetch(`${printerUrl}/test/printed`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { printed: PrintedReceipt[] }).printed;
}

/** The admin's own API calls from the page (Chromium resolves *.localhost; Node does not), one sign-in for all. */
async function adminApi(page: Page): Promise<(method: string, url: string, body?: object) => Promise<unknown>> {
  await page.goto('/api/health');
  const token = await apiToken(page, ADMIN);
  return (method, url, body) =>
    page.evaluate(
      async ([bearer, verb, address, content]) => {
        const response = await fetch(address, {
          method: verb,
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: content,
        });
        if (!response.ok) throw new Error(`${verb} ${address} answered ${response.status}`);
        return response.json();
      },
      [token, method, url, body === undefined ? undefined : JSON.stringify(body)] as const,
    );
}

const FISCAL_CONFIG = '/api/frontend/common/settings/fiscalConfig';

test.beforeAll(async () => {
  ({ child: printer, url: printerUrl } = await startPrinter());
});

test.afterAll(() => {
  printer?.kill();
  printer = undefined;
});

/** Fiscalization back off and the fake register again for the specs after this one, whatever happened in it. */
test.afterEach(async ({ page }) => {
  const api = await adminApi(page);
  await api('PUT', FISCAL_CONFIG, { fiscalizationEnabled: false, register: 'fake', registerUrl: '' });
});

test('an admin sets up a Novitus printer, fiscalizes a deposit, sees the printer’s receipt number and the printer printed it once', async ({
  page,
}) => {
  // Two waits for the job worker (the given, then the printed number) on a busy machine.
  test.setTimeout(180_000);
  // Given: the deposits booked before (the demo's, recorded today: due once fiscalization is on) already have
  // receipts of the fake register, so the printer is sent only this test's deposit. Without this it prints them
  // all (14 receipts on a fresh demo). `fiscalizeAll` answers how many still wait; asked until none does.
  const api = await adminApi(page);
  await api('PUT', FISCAL_CONFIG, { fiscalizationEnabled: true, register: 'fake' });
  await expect(async () => {
    const { queued } = (await api('POST', '/api/frontend/transactions/fiscalizeAll')) as { queued: number };
    expect(queued).toBe(0);
  }).toPass({ intervals: [2_000], timeout: 90_000 });
  await api('PUT', FISCAL_CONFIG, { fiscalizationEnabled: false, register: 'fake', registerUrl: '' });

  await signedIn(page, ADMIN);
  await page.goto('/settings/tenant');
  await page.getByRole('link', { name: 'Fiskalizacja' }).click();
  await expect(page).toHaveURL(/\/settings\/tenant\/fiscalization$/);
  await page.getByLabel('Fiskalizacja włączona').check();
  await page.getByLabel('Kasa fiskalna').selectOption({ label: 'Drukarka Novitus (NoviApi)' });
  // A printer needs its address: the form says so before anything is sent.
  await expect(page.getByLabel('Adres NoviApi drukarki')).toHaveValue('');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Podaj adres NoviApi drukarki.')).toBeVisible();
  await expect(page.getByText('Ustawienia zostały zapisane.')).toHaveCount(0);

  await page.getByLabel('Adres NoviApi drukarki').fill(printerUrl);
  await page.getByLabel('Symbol stawki PTU').selectOption('A');
  await page.getByLabel('Pozycja na paragonie').fill('Posiłki e2e');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Ustawienia zostały zapisane.')).toBeVisible();
  await expect(page.getByText('Podaj adres NoviApi drukarki.')).toHaveCount(0);

  // A deposit booked by the office (the existing booking form); its id is the booking's answer.
  const description = `Wpłata na drukarkę e2e ${uniqueSuffix()}`;
  const id = await bookDeposit(page, PARENT_PAYER, '40,00', description);

  const table = page.getByRole('table', { name: 'Transakcje' });
  const row = table.getByRole('row', { name: new RegExp(description) });
  // Fiscalized by this click, or by the job if it came first.
  const fiscalize = row.getByRole('button', { name: `Fiskalizuj transakcję nr ${id}`, exact: true });
  await expect(fiscalize.or(row.getByText(/ABC12345678\//))).toBeVisible();
  if (await fiscalize.isVisible()) {
    await fiscalize.click();
    await expect(page.getByText(/Wysłano 1 wpłatę do kasy fiskalnej/)).toBeVisible();
  }
  // The job prints it within moments; the list is read again until the number is there.
  await expect(row).toContainText('ABC12345678/1', { timeout: 90_000 });
  await expect(row.getByRole('button', { name: /^Fiskalizuj/ })).toHaveCount(0);

  // The number stays after a reload (it is the server's).
  await page.reload();
  await expect(page.getByRole('table', { name: 'Transakcje' }).getByRole('row', { name: new RegExp(description) })).toContainText(
    'ABC12345678/1',
  );

  // The printer printed one receipt: this deposit's, for its amount, on the chosen line and tax symbol.
  const receipts = await printed();
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.summary.total).toBe('40.00');
  expect(receipts[0]!.system_info?.system_number?.value).toBe(`kantyna-tx-${id}`);
  expect(receipts[0]!.items).toEqual([{ article: expect.objectContaining({ name: 'Posiłki e2e', ptu: 'A', value: '40.00' }) }]);
});
