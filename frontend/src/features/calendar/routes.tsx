import type { RouteElements } from '@/app/routes/route-elements';
import { ChildPresencesPage } from './pages/ChildPresencesPage';
import { SubjectsCalendarPage } from './pages/SubjectsCalendarPage';
import { UserCalendarPage } from './pages/UserCalendarPage';

export const routeElements: RouteElements = {
  'calendar.user': <UserCalendarPage />,
  'calendar.subjects': <SubjectsCalendarPage />,
  'calendar.presences.child': <ChildPresencesPage />,
};
