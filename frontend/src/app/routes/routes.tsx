import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from '../AppRoot';
import { EmptyLayout } from '../layouts/EmptyLayout';
import { FullLayout } from '../layouts/FullLayout';
import { builtPages, builtRouteChildren } from './built-routes';
import { PageSuspense } from './PageLoading';
import { RootRouteError, RouteError } from './RouteError';
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
    // On the page, not only at the root: a page that fails shows why inside its layout, menu and all.
    errorElement: <RouteError />,
  };
  const children = builtRouteChildren[route.name];
  if (children) {
    object.children = children.map((child) => {
      const tab: RouteObject = {
        ...child,
        // A lazy tab suspends here, not up to the page around it (which keeps its tabs on screen).
        element: child.element ? <PageSuspense>{child.element}</PageSuspense> : child.element,
        // Likewise a tab that fails shows why under the page's tabs.
        errorElement: child.errorElement ?? <RouteError />,
      };
      return child.path && !child.handle
        ? { ...tab, handle: { name: `${route.name}.${child.path}`, roles: route.roles } satisfies RouteHandle }
        : tab;
    });
  }
  return object;
}

/** Shared by the browser router and the tests' memory router. */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      // Whatever fails outside a page (a layout, the session): never React Router's developer page.
      errorElement: <RootRouteError />,
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
