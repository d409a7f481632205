import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const TurnoversPage = lazyPage(() => import('./pages/TurnoversPage'), 'TurnoversPage');
const IncomeFormPage = lazyPage(() => import('./pages/TurnoverFormPage'), 'IncomeFormPage');
const OutcomeFormPage = lazyPage(() => import('./pages/TurnoverFormPage'), 'OutcomeFormPage');
const IngredientsOutcomesPage = lazyPage(() => import('./pages/IngredientsOutcomesPage'), 'IngredientsOutcomesPage');
const StockPage = lazyPage(() => import('./pages/StockPage'), 'StockPage');

export const routeElements: RouteElements = {
  'inventory.stock': <StockPage />,
  'inventory.incomes.list': <TurnoversPage kind="income" />,
  'inventory.incomes.create': <IncomeFormPage />,
  'inventory.incomes.edit': <IncomeFormPage />,
  'inventory.outcomes.list': <TurnoversPage kind="outcome" />,
  'inventory.outcomes.create': <OutcomeFormPage />,
  'inventory.outcomes.edit': <OutcomeFormPage />,
  'inventory.ingredients.outcomes': <IngredientsOutcomesPage />,
};
