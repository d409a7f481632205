import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const HelpTicketCreatePage = lazyPage(() => import('./pages/HelpTicketCreatePage'), 'HelpTicketCreatePage');
const TicketsPage = lazyPage(() => import('./pages/TicketsPage'), 'TicketsPage');

export const routeElements: RouteElements = {
  'helpTickets.create': <HelpTicketCreatePage />,
  tickets: <TicketsPage />,
};
