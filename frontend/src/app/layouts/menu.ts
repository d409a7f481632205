import { canOpen, routeTable, type RouteDef } from '../routes/route-table';
import { builtRouteNames } from '../routes/built-routes';

/** Pages reached from elsewhere (forms, details, confirmations, the user menu) are not menu entries. */
const NOT_IN_MENU = new Set(['profile', 'payu.paid', 'payments.paid']);

function isMenuEntry(route: RouteDef): boolean {
  return (
    route.layout === 'full' &&
    !route.path.includes(':') &&
    !/\.(create|import|edit|details)$/.test(route.name) &&
    !NOT_IN_MENU.has(route.name)
  );
}

/** Derived from the route table, so an area appears in the menu the day its pages are built; home first. */
export function menuRoutes(roles: readonly string[]): RouteDef[] {
  const entries = routeTable.filter(
    (route) => isMenuEntry(route) && builtRouteNames.has(route.name) && canOpen(route.roles, roles),
  );
  return [...entries.filter((route) => route.name === 'home'), ...entries.filter((route) => route.name !== 'home')];
}
