import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { mayOrderPrepaid } from '@/lib/orders/prepaid';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import { canOpen, routeTable, type RouteDef } from '../routes/route-table';
import { builtRouteNames } from '../routes/built-routes';

/** Pages reached from elsewhere (forms, details, confirmations, the user menu) are not menu entries. */
const NOT_IN_MENU = new Set(['profile', 'payu.paid', 'payments.paid']);
/** Forms that are an entry of their own: anyone may ask for help from the menu. */
const FORMS_IN_MENU = new Set(['helpTickets.create']);

/**
 * Areas shown together under one dropdown (title `routes:menuGroups.<key>`), in this order, so the
 * back office does not become a row of thirty links. An area not listed is a top-level entry.
 */
export const MENU_GROUPS: Readonly<Record<string, readonly string[]>> = {
  catalogue: [
    'institutions',
    'classrooms',
    'meals',
    'mealsMenus',
    'mealsMenusPrints',
    'mealsMenusFiles',
    'mealTypes',
    'mealTypesCategories',
    'diets',
    'portionSizes',
    'allergens',
    'allergensGroups',
    'priceLists',
    'priceListsGroups',
    'kitchens',
    'districts',
    'routeNumbers',
    'drivers',
    'inventory.ingredients',
  ],
  people: [
    'parents',
    'children',
    'childrenGroups',
    'institutionsWorkers',
    'institutionsWorkersGroups',
    'administrators',
    'institutionsAdmins',
    'cooks',
    'ticketAdmins',
    'reportManagers',
    'users.activity',
  ],
  ordering: [
    'calendar.subjects',
    'calendar.bulkPresences',
    'users.presences',
    'calendar.freeDays',
    'orders',
    'orderedMeals',
    'importedOrdersFiles',
  ],
  kitchen: ['mealsToPrepare', 'mealsToRelease', 'nestedMealsToRelease', 'mealsToReleaseReport', 'ordersLabels', 'dailyMealsReleases'],
  money: ['transactions', 'deposits', 'usersTransactions', 'importedPaymentsFiles', 'returnRequests', 'invoicesFiles'],
  reports: ['reports', 'monthlyBalanceReport', 'automatedReports'],
  help: ['messages', 'tickets', 'helpTickets', 'announcements', 'recipients'],
  inventory: ['inventory.stock', 'inventory.incomes', 'inventory.outcomes', 'inventory.ingredients.outcomes'],
};

/** The tenant's settings that decide whether some entries are offered (the session has loaded them already). */
export interface TenantOptions {
  allowPrepaidOrders?: boolean;
}

/** Entries a role may open only when the tenant allows the feature: offering them would lead to a refusal. */
const OFFERED_WHEN: Readonly<
  Record<string, (roles: readonly string[], tenant: TenantOptions | undefined, abilities: readonly string[]) => boolean>
> = {
  'orders.createPrepaidOrder': mayOrderPrepaid,
  // An institutions admin holds the route's role, but reads tickets only with tickets_manage (the server's ability).
  tickets: (_roles, _tenant, abilities) => abilities.includes('tickets.view'),
};

/** The tenant options the menu reads; cooks do not load them (and have no gated entry). */
export function useTenantOptions(user: CurrentUser | undefined): TenantOptions | undefined {
  const isCook = user?.roles.includes('ROLE_COOK') ?? false;
  return useQuery({ ...presencesMarkingConfigEndpoint.queryOptions(), enabled: user !== undefined && !isCook }).data;
}

export type MenuItem = { kind: 'link'; route: RouteDef } | { kind: 'group'; key: string; routes: RouteDef[] };

function isMenuEntry(route: RouteDef): boolean {
  return (
    route.layout === 'full' &&
    !route.path.includes(':') &&
    (FORMS_IN_MENU.has(route.name) || !/\.(create|import|edit|details)$/.test(route.name)) &&
    !NOT_IN_MENU.has(route.name)
  );
}

function groupOf(route: RouteDef): string | undefined {
  return Object.keys(MENU_GROUPS).find((key) => MENU_GROUPS[key]?.includes(route.area));
}

/** Derived from the route table, so an area appears in the menu the day its pages are built; home first. */
export function menuRoutes(roles: readonly string[], tenant: TenantOptions | undefined, abilities: readonly string[] = []): RouteDef[] {
  const entries = routeTable.filter(
    (route) =>
      isMenuEntry(route) &&
      builtRouteNames.has(route.name) &&
      canOpen(route.roles, roles) &&
      (OFFERED_WHEN[route.name]?.(roles, tenant, abilities) ?? true),
  );
  return [...entries.filter((route) => route.name === 'home'), ...entries.filter((route) => route.name !== 'home')];
}

/** The menu as shown: grouped areas collapse into one dropdown, placed where the first of them would be. */
export function menuItems(roles: readonly string[], tenant: TenantOptions | undefined, abilities: readonly string[] = []): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<string, RouteDef[]>();
  for (const route of menuRoutes(roles, tenant, abilities)) {
    const key = groupOf(route);
    if (!key) {
      items.push({ kind: 'link', route });
      continue;
    }
    const existing = groups.get(key);
    if (existing) {
      existing.push(route);
      continue;
    }
    const routes = [route];
    groups.set(key, routes);
    items.push({ kind: 'group', key, routes });
  }
  for (const item of items) {
    if (item.kind === 'group') {
      const order = MENU_GROUPS[item.key] ?? [];
      item.routes.sort((a, b) => order.indexOf(a.area) - order.indexOf(b.area));
    }
  }
  return items;
}
