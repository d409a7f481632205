import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// A string, not new URL(): the test environment's URL is jsdom's.
const frontendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The boundary errors the project's own ESLint configuration reports for `code` placed at `file`. */
async function boundaryErrors(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(frontendDir, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/feature-boundaries').map((m) => m.message);
}

describe('feature boundaries (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: frontendDir });
  });

  it.each([
    ['another feature through the alias', 'src/features/calendar/pages/Probe.tsx', "export { x } from '@/features/orders/api/orders-summary';"],
    ['another feature through a relative path', 'src/features/calendar/pages/Probe.tsx', "export { x } from '../../orders/api/orders-summary';"],
    ['another feature lazily', 'src/features/calendar/pages/Probe.tsx', "export const x = () => import('../../../features/orders/pages/OrdersPage');"],
    ["another feature's index", 'src/features/orders/pages/Probe.tsx', "export { x } from '@/features/children';"],
    ["the children feature from registration (once a named exception)", 'src/features/auth/register/Probe.tsx', "export { x } from '@/features/children';"],
    ["another feature's internals", 'src/features/auth/pages/Probe.tsx', "export { x } from '@/features/children/pages/ChildFormPage';"],
    ['a feature in a test', 'src/features/orders/orders-probe.test.tsx', "vi.mock('@/features/calendar/pages/UserCalendarPage');"],
    ['a feature from lib/', 'src/lib/probe.ts', "export { x } from '@/features/orders/routes';"],
    ['a feature from components/', 'src/components/Probe.tsx', "export { x } from '../features/orders/api/orders-summary';"],
    ['a feature from api/', 'src/api/probe.ts', "export { x } from '@/features/orders/api/orders-summary';"],
    ["a feature's page from app/", 'src/app/layouts/Probe.tsx', "export { x } from '@/features/orders/pages/OrdersPage';"],
  ])('refuses an import of %s', async (_case, file, code) => {
    expect(await boundaryErrors(eslint, file, code)).toHaveLength(1);
  });

  it.each([
    ['its own feature', 'src/features/calendar/pages/Probe.tsx', "export { x } from '../api/drafts'; export { y } from '@/features/calendar/model/plan';"],
    ['shared code from a feature', 'src/features/calendar/pages/Probe.tsx', "export { x } from '@/lib/session/session-context'; export { y } from '@/components/PageHeader';"],
    ["a feature's routes.tsx from app/", 'src/app/routes/Probe.tsx', "export { routeElements } from '@/features/orders/routes';"],
  ])('allows an import of %s', async (_case, file, code) => {
    expect(await boundaryErrors(eslint, file, code)).toEqual([]);
  });
});
