import type { RouteElements } from '@/app/routes/route-elements';
import { AllergenGroupsPage } from './pages/AllergenGroupsPage';
import { AllergensPage } from './pages/AllergensPage';

export const routeElements: RouteElements = {
  allergens: <AllergensPage />,
  allergensGroups: <AllergenGroupsPage />,
};
