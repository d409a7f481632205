import { Navigate } from 'react-router';
import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteChildren, RouteElements } from '@/app/routes/route-elements';
import { settingsTabKeys } from './settings-tab-keys';

const SettingsTabPage = lazyPage(() => import('./pages/SettingsTabPage'), 'SettingsTabPage');
const TenantSettingsLayout = lazyPage(() => import('./pages/TenantSettingsLayout'), 'TenantSettingsLayout');

export const routeElements: RouteElements = {
  'settings.tenant': <TenantSettingsLayout />,
};

export const routeChildren: RouteChildren = {
  'settings.tenant': [
    { index: true, element: <Navigate to={settingsTabKeys[0]} replace /> },
    ...settingsTabKeys.map((key) => ({ path: key, element: <SettingsTabPage tabKey={key} /> })),
  ],
};
