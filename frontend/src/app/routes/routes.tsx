import { Navigate, type RouteObject } from 'react-router';
import { settingsTabs } from '@/features/settings/pages/settings-tabs';
import { AppRoot } from '../AppRoot';
import { EmptyLayout } from '../layouts/EmptyLayout';
import { FullLayout } from '../layouts/FullLayout';
import { builtPages } from './built-routes';
import { RouteGuard } from './RouteGuard';
import { AreaComingSoon } from './AreaComingSoon';
import { routeTable, type RouteDef } from './route-table';
import type { RouteHandle } from './navigation-effects';

function toRouteObject(route: RouteDef): RouteObject {
  const page = builtPages[route.name];
  const handle: RouteHandle = { name: route.name, roles: route.roles };
  const object: RouteObject = {
    path: route.path,
    handle,
    element: <RouteGuard route={route}>{page ? page() : <AreaComingSoon area={route.area} />}</RouteGuard>,
  };
  if (route.name === 'settings.tenant') {
    object.children = [
      { index: true, element: <Navigate to={settingsTabs[0].key} replace /> },
      ...settingsTabs.map((tab) => ({
        path: tab.key,
        handle: { name: `settings.tenant.${tab.key}`, roles: route.roles } satisfies RouteHandle,
        element: tab.element,
      })),
    ];
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
