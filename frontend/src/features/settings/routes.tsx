import { Navigate } from 'react-router';
import type { RouteChildren, RouteElements } from '@/app/routes/route-elements';
import { TenantSettingsLayout } from './pages/TenantSettingsLayout';
import { settingsTabs } from './pages/settings-tabs';

export const routeElements: RouteElements = {
  'settings.tenant': <TenantSettingsLayout />,
};

export const routeChildren: RouteChildren = {
  'settings.tenant': [
    { index: true, element: <Navigate to={settingsTabs[0].key} replace /> },
    ...settingsTabs.map((tab) => ({ path: tab.key, element: tab.element })),
  ],
};
