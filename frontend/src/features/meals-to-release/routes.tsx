import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MealsToReleasePage = lazyPage(() => import('./pages/MealsToReleasePage'), 'MealsToReleasePage');
const NestedMealsToReleasePage = lazyPage(() => import('./pages/NestedMealsToReleasePage'), 'NestedMealsToReleasePage');
const MealsToReleaseReportPage = lazyPage(() => import('./pages/MealsToReleaseReportPage'), 'MealsToReleaseReportPage');

export const routeElements: RouteElements = {
  mealsToRelease: <MealsToReleasePage />,
  nestedMealsToRelease: <NestedMealsToReleasePage />,
  mealsToReleaseReport: <MealsToReleaseReportPage />,
};
