import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const IngredientFormPage = lazyPage(() => import('./pages/IngredientFormPage'), 'IngredientFormPage');
const IngredientsImportPage = lazyPage(() => import('./pages/IngredientsImportPage'), 'IngredientsImportPage');
const IngredientsPage = lazyPage(() => import('./pages/IngredientsPage'), 'IngredientsPage');

export const routeElements: RouteElements = {
  'inventory.ingredients.list': <IngredientsPage />,
  'inventory.ingredients.create': <IngredientFormPage />,
  'inventory.ingredients.edit': <IngredientFormPage />,
  'inventory.ingredients.import': <IngredientsImportPage />,
};
