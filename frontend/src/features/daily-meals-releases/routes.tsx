import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const DailyMealsReleasesPage = lazyPage(() => import('./pages/DailyMealsReleasesPage'), 'DailyMealsReleasesPage');
const DailyMealsReleaseCreatePage = lazyPage(() => import('./pages/DailyMealsReleaseCreatePage'), 'DailyMealsReleaseCreatePage');

export const routeElements: RouteElements = {
  'dailyMealsReleases.list': <DailyMealsReleasesPage />,
  'dailyMealsReleases.create': <DailyMealsReleaseCreatePage />,
};
