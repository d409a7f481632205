import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';

/**
 * What a feature's `routes.tsx` exports. Keys are route names of route-table.ts; a name with an element is
 * "built": it renders the element (inside the route guard) and may appear in the menu.
 */
export type RouteElements = Readonly<Record<string, ReactElement>>;

/**
 * Optional nested routes under a built route (tabs). Each child with a `path` gets the handle
 * `<route name>.<path>` and the parent's roles.
 */
export type RouteChildren = Readonly<Record<string, RouteObject[]>>;

export interface FeatureRoutesModule {
  routeElements?: RouteElements;
  routeChildren?: RouteChildren;
}
