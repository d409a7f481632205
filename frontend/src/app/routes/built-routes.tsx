import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { FeatureRoutesModule } from './route-elements';
import { routeTable } from './route-table';

/**
 * Each feature registers its pages in `features/<area>/routes.tsx`; nobody edits a shared list. Read eagerly:
 * the modules are small and name their pages with lazyPage(), whose code loads on first render.
 */
const featureModules = import.meta.glob<FeatureRoutesModule>('../../features/*/routes.tsx', { eager: true });

const knownNames = new Set(routeTable.map((route) => route.name));

function merge<T>(pick: (module: FeatureRoutesModule) => Readonly<Record<string, T>> | undefined): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const [file, module] of Object.entries(featureModules)) {
    for (const [name, value] of Object.entries(pick(module) ?? {})) {
      // Fails at start-up (and in every test run), so a typo or two features claiming one route cannot ship.
      if (!knownNames.has(name)) throw new Error(`${file}: route "${name}" is not in route-table.ts`);
      if (name in merged) throw new Error(`${file}: route "${name}" is registered twice`);
      merged[name] = value;
    }
  }
  return merged;
}

/** The page of every route of the table (guard.test.tsx checks none is missing). */
export const builtPages: Readonly<Record<string, ReactElement>> = merge((module) => module.routeElements);

export const builtRouteChildren: Readonly<Record<string, RouteObject[]>> = merge((module) => module.routeChildren);

export const builtRouteNames: ReadonlySet<string> = new Set(Object.keys(builtPages));
