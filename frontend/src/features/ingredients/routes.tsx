import type { RouteElements } from '@/app/routes/route-elements';
import { IngredientFormPage } from './pages/IngredientFormPage';
import { IngredientsImportPage } from './pages/IngredientsImportPage';
import { IngredientsPage } from './pages/IngredientsPage';

export const routeElements: RouteElements = {
  'inventory.ingredients.list': <IngredientsPage />,
  'inventory.ingredients.create': <IngredientFormPage />,
  'inventory.ingredients.edit': <IngredientFormPage />,
  'inventory.ingredients.import': <IngredientsImportPage />,
};
