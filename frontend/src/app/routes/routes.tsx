import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from '../AppRoot';
import { EmptyLayout } from '../layouts/EmptyLayout';
import { FullLayout } from '../layouts/FullLayout';
import { builtPages, builtRouteChildren } from './built-routes';
import { PageSuspense } from './PageLoading';
import { RouteGuard } from './RouteGuard';
import { routeTable, type RouteDef } from './route-table';
import type { RouteHandle } from './navigation-effects';

function toRouteObject(route: RouteDef): RouteObject {
  const page = builtPages[route.name];
  const handle: RouteHandle = { name: route.name, roles: route.roles };
  const object: RouteObject = {
    path: route.path,
    handle,
    element: (
      <RouteGuard route={route}>
        <PageSuspense>{page}</PageSuspense>
      </RouteGuard>
    ),
  };
  const children = builtRouteChildren[route.name];
  if (children) {
    object.children = children.map((child) => {
      // A lazy tab suspends here, not up to the page around it (which keeps its tabs on screen).
      const lazySafe = child.element ? { ...child, element: <PageSuspense>{child.element}</PageSuspense> } : child;
      return child.path && !child.handle
        ? { ...lazySafe, handle: { name: `${route.name}.${child.path}`, roles: route.roles } satisfies RouteHandle }
        : lazySafe;
    });
  }
  return object;
}

/** Shared by the browser router and the tests' memory router. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      children: [
        { element: <EmptyLayout />, children: routeTable.filter((r) => r.layout === 'empty').map(toRouteObject) },
        {
          element: <FullLayout />,
          children: [
            ...routeTable.filter((r) => r.layout === 'full').map(toRouteObject),
            { path: '/', element: <Navigate to="/dashboard" replace /> },
            { path: '*', element: <Navigate to="/dashboard" replace /> },
          ],
        },
      ],
    },
  ];
}
