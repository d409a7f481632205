import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const AnnouncementsPage = lazyPage(() => import('./pages/AnnouncementsPage'), 'AnnouncementsPage');
const AnnouncementFormPage = lazyPage(() => import('./pages/AnnouncementFormPage'), 'AnnouncementFormPage');

export const routeElements: RouteElements = {
  'announcements.list': <AnnouncementsPage />,
  'announcements.create': <AnnouncementFormPage />,
  'announcements.edit': <AnnouncementFormPage />,
};
