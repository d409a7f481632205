import type { RouteElements } from '@/app/routes/route-elements';
import { ProfilePage } from './pages/ProfilePage';

export const routeElements: RouteElements = {
  profile: <ProfilePage />,
};
