import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const TerminalPage = lazyPage(() => import('./pages/TerminalPage'), 'TerminalPage');

export const routeElements: RouteElements = {
  terminal: <TerminalPage />,
};
