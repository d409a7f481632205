import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const MessagesPage = lazyPage(() => import('./pages/MessagesPage'), 'MessagesPage');

export const routeElements: RouteElements = {
  messages: <MessagesPage />,
};
