import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page component loaded on first render from its own chunk, so neither the SPA's first load nor a test file
 * imports every page. `name` is the page module's named export; routes.tsx renders the result like the page
 * itself (props included) and the route table wraps it in a Suspense fallback.
 */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
