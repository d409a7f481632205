import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 8765);
// A second run side by side (another port) gets its own database and files: E2E_PORT=8766 E2E_DB=kantyna_e2e2.
const database = process.env.E2E_DB ?? 'kantyna_e2e';

// The system Chromium (Debian package), never a browser downloaded by a test tool.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  // Generous: a busy 2-core machine (another suite beside this one) answers slowly, never wrongly.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://demo.localhost:${port}`,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  // E2E_EXTERNAL_SERVER=1 runs against a server you started yourself (e.g. `make run`, E2E_PORT=8000).
  webServer: process.env.E2E_EXTERNAL_SERVER ? undefined : {
    // The real server: gunicorn + the Procrastinate worker, on a database of its own emptied every run.
    command: `${root}/.venv/bin/python ${root}/scripts/run.py`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets scripts/run.py stop gunicorn and the job worker; the default SIGKILL would orphan them.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_PORT: String(port),
      WEB_WORKERS: '2',
      WEB_THREADS: '4',
      // The suite checks behaviour, not overload: on a busy machine a request may wait long for a thread, and
      // should then be answered late rather than refused (503) by the queue deadline of production.
      REQUEST_QUEUE_DEADLINE_MS: '0',
      KANTYNA_FRESH_DB: database,
      KANTYNA_KEEP_DB: '1',
      DEV_MAIL_PAGE: '1',
      // Online payments of the demo (Przelewy24 in sandbox mode) go to the local fake paywall.
      PAYMENTS_FAKE: '1',
      KANTYNA_VAR_DIR: `${root}/var/${database}`,
      JWT_SECRET: 'e2e-only-secret-not-for-production-0123456789',
    },
  },
});
