import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const StaffPage = lazyPage(() => import('./pages/StaffPage'), 'StaffPage');

export const routeElements: RouteElements = {
  administrators: <StaffPage kind="administrators" />,
  cooks: <StaffPage kind="cooks" />,
  institutionsAdmins: <StaffPage kind="institutionsAdmins" />,
  ticketAdmins: <StaffPage kind="ticketAdmins" />,
  reportManagers: <StaffPage kind="reportManagers" />,
};
