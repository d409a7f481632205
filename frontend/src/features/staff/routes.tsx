import type { RouteElements } from '@/app/routes/route-elements';
import { StaffPage } from './pages/StaffPage';

export const routeElements: RouteElements = {
  administrators: <StaffPage kind="administrators" />,
  cooks: <StaffPage kind="cooks" />,
  institutionsAdmins: <StaffPage kind="institutionsAdmins" />,
  ticketAdmins: <StaffPage kind="ticketAdmins" />,
  reportManagers: <StaffPage kind="reportManagers" />,
};
