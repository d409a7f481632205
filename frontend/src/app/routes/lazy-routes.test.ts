import { describe, expect, it } from 'vitest';

const routeModules = import.meta.glob<string>('../../features/*/routes.tsx', { eager: true, query: '?raw', import: 'default' });
// A static import of anything under pages/ (the route table reads every routes.tsx at start-up).
const STATIC_PAGE_IMPORT = /^import\s[^;]*from\s+'\.\/(?:[\w-]+\/)*pages\//m;

describe("features' routes.tsx", () => {
  it('name their pages with lazyPage() and import none statically, so no page loads before its route opens', () => {
    const files = Object.entries(routeModules);
    expect(files.length).toBeGreaterThan(30);
    const eager = files.filter(([, source]) => STATIC_PAGE_IMPORT.test(source)).map(([file]) => file);
    expect(eager).toEqual([]);
  });
});
