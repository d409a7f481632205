import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ChildPresencesPage = lazyPage(() => import('./pages/ChildPresencesPage'), 'ChildPresencesPage');
const SubjectsCalendarPage = lazyPage(() => import('./pages/SubjectsCalendarPage'), 'SubjectsCalendarPage');
const UserCalendarPage = lazyPage(() => import('./pages/UserCalendarPage'), 'UserCalendarPage');

export const routeElements: RouteElements = {
  'calendar.user': <UserCalendarPage />,
  'calendar.subjects': <SubjectsCalendarPage />,
  'calendar.presences.child': <ChildPresencesPage />,
};
