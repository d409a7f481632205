import type { Role } from '@/lib/session/get-current-user';

/** null: public; 'all': any signed-in user; otherwise the user needs one of the roles. */
export type RouteRoles = null | 'all' | readonly Role[];

export interface RouteDef {
  name: string;
  path: string;
  roles: RouteRoles;
  layout: 'empty' | 'full';
  /** Groups the routes of one area; its title heads the area's pages. */
  area: string;
}

/**
 * Every route of spec/routes.tsv plus the SPA's own /auth/callback, /home and /reports.
 * /orders/:orderId/edit has no roles in the spec; it is open to any signed-in user and the server decides.
 */
export const routeTable: readonly RouteDef[] = [
  { name: 'auth.callback', path: '/auth/callback', roles: null, layout: 'empty', area: 'auth.login' },
  { name: 'auth.login', path: '/auth/login', roles: null, layout: 'empty', area: 'auth.login' },
  { name: 'auth.register', path: '/auth/register', roles: null, layout: 'empty', area: 'auth.register' },
  { name: 'auth.register.institution', path: '/auth/register/:institutionSlug', roles: null, layout: 'empty', area: 'auth.register' },
  { name: 'payu.paid', path: '/payu/paid', roles: null, layout: 'full', area: 'payu.paid' },
  { name: 'dashboard', path: '/dashboard', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'dashboard' },
  { name: 'calendar.subjects', path: '/calendar/subjects', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'calendar.subjects' },
  { name: 'calendar.presences.child', path: '/calendar/presences/:subjectType/:subjectId', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'calendar.presences' },
  { name: 'children.list', path: '/children', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'children' },
  { name: 'institutions.list', path: '/institutions', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'institutions' },
  { name: 'meals.list', path: '/meals', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'meals' },
  { name: 'mealsMenus.list', path: '/mealsMenus', roles: 'all', layout: 'full', area: 'mealsMenus' },
  { name: 'mealsMenusPrints', path: '/mealsMenusPrints', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenusPrints' },
  { name: 'orders.list', path: '/orders', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'orders' },
  { name: 'mealsToRelease', path: '/mealsToRelease', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsToRelease' },
  { name: 'nestedMealsToRelease', path: '/nestedMealsToRelease', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'nestedMealsToRelease' },
  { name: 'mealsToReleaseReport', path: '/mealsToReleaseReport', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsToReleaseReport' },
  { name: 'ordersLabels', path: '/ordersLabels', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'ordersLabels' },
  { name: 'orderedMeals', path: '/orderedMeals', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'orderedMeals' },
  { name: 'parents.list', path: '/parents', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'parents' },
  { name: 'parents.details', path: '/parents/:parentId', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'parents' },
  { name: 'parents.edit', path: '/parents/:parentId/edit', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'parents' },
  { name: 'mealsMenus.create', path: '/mealsMenus/create', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenus' },
  { name: 'mealsMenus.edit', path: '/mealsMenus/:mealsMenuId/edit', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenus' },
  { name: 'mealsMenus.import', path: '/mealsMenus/import', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenus' },
  { name: 'mealsMenusFiles.list', path: '/mealsMenusFiles', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenusFiles' },
  { name: 'mealsMenusFiles.create', path: '/mealsMenusFiles/create', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenusFiles' },
  { name: 'mealsMenusFiles.edit', path: '/mealsMenusFiles/:mealsMenuFileId/edit', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'mealsMenusFiles' },
  { name: 'meals.create.meal', path: '/meals/create/meal/:mealId?', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'meals' },
  { name: 'meals.edit', path: '/meals/:mealId/edit', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'meals' },
  { name: 'transactions', path: '/transactions', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'transactions' },
  { name: 'deposits', path: '/deposits', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'deposits' },
  { name: 'monthlyBalanceReport', path: '/monthlyBalanceReport', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'monthlyBalanceReport' },
  // Not in the spec's route table (its report downloads are "many reports/* calls"): the catalogue of reports (issue 17).
  { name: 'reports', path: '/reports', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_MANAGE_REPORTS'], layout: 'full', area: 'reports' },
  { name: 'users.presences', path: '/users/presences', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'users.presences' },
  { name: 'inventory.ingredients.list', path: '/inventory/ingredients', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'inventory.ingredients' },
  { name: 'inventory.ingredients.create', path: '/inventory/ingredients/create', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'inventory.ingredients' },
  { name: 'inventory.ingredients.edit', path: '/inventory/ingredients/:ingredientId/edit', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'inventory.ingredients' },
  { name: 'inventory.ingredients.import', path: '/inventory/ingredients/import', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'inventory.ingredients' },
  { name: 'terminal', path: '/terminal', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_COOK'], layout: 'full', area: 'terminal' },
  { name: 'calendar.freeDays', path: '/calendar/freeDays', roles: ['ROLE_ADMIN'], layout: 'full', area: 'calendar.freeDays' },
  { name: 'calendar.bulkPresences', path: '/calendar/bulkPresences', roles: ['ROLE_ADMIN'], layout: 'full', area: 'calendar.bulkPresences' },
  { name: 'children.import', path: '/children/import', roles: ['ROLE_ADMIN'], layout: 'full', area: 'children' },
  { name: 'childrenGroups.list', path: '/childrenGroups', roles: ['ROLE_ADMIN'], layout: 'full', area: 'childrenGroups' },
  { name: 'childrenGroups.create', path: '/childrenGroups/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'childrenGroups' },
  { name: 'childrenGroups.details', path: '/childrenGroups/:itemId', roles: ['ROLE_ADMIN'], layout: 'full', area: 'childrenGroups' },
  { name: 'childrenGroups.edit', path: '/childrenGroups/:itemId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'childrenGroups' },
  { name: 'institutionsWorkersGroups.list', path: '/institutionsWorkersGroups', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkersGroups' },
  { name: 'institutionsWorkersGroups.create', path: '/institutionsWorkersGroups/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkersGroups' },
  { name: 'institutionsWorkersGroups.details', path: '/institutionsWorkersGroups/:itemId', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkersGroups' },
  { name: 'institutionsWorkersGroups.edit', path: '/institutionsWorkersGroups/:itemId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkersGroups' },
  { name: 'classrooms.list', path: '/classrooms', roles: ['ROLE_ADMIN'], layout: 'full', area: 'classrooms' },
  { name: 'classrooms.create', path: '/classrooms/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'classrooms' },
  { name: 'classrooms.edit', path: '/classrooms/:classroomId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'classrooms' },
  { name: 'diets.list', path: '/diets', roles: ['ROLE_ADMIN'], layout: 'full', area: 'diets' },
  { name: 'diets.create', path: '/diets/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'diets' },
  { name: 'diets.edit', path: '/diets/:dietId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'diets' },
  { name: 'institutions.create', path: '/institutions/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutions' },
  { name: 'institutions.edit', path: '/institutions/:institutionId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutions' },
  { name: 'institutionsWorkers.list', path: '/institutionsWorkers', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkers' },
  { name: 'institutionsWorkers.create', path: '/institutionsWorkers/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkers' },
  { name: 'institutionsWorkers.details', path: '/institutionsWorkers/:institutionWorkerId', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkers' },
  { name: 'institutionsWorkers.edit', path: '/institutionsWorkers/:institutionWorkerId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsWorkers' },
  { name: 'mealTypes', path: '/mealTypes', roles: ['ROLE_ADMIN'], layout: 'full', area: 'mealTypes' },
  { name: 'parents.create', path: '/parents/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'parents' },
  { name: 'usersTransactions', path: '/usersTransactions', roles: ['ROLE_ADMIN'], layout: 'full', area: 'usersTransactions' },
  { name: 'importedPaymentsFiles.list', path: '/importedPaymentsFiles', roles: ['ROLE_ADMIN'], layout: 'full', area: 'importedPaymentsFiles' },
  { name: 'importedPaymentsFiles.details', path: '/importedPaymentsFiles/:importedPaymentsFileId', roles: ['ROLE_ADMIN'], layout: 'full', area: 'importedPaymentsFiles' },
  { name: 'inventory.incomes.list', path: '/inventory/incomes', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.incomes' },
  { name: 'inventory.incomes.create', path: '/inventory/incomes/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.incomes' },
  { name: 'inventory.incomes.edit', path: '/inventory/incomes/:id/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.incomes' },
  { name: 'inventory.outcomes.list', path: '/inventory/outcomes', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.outcomes' },
  { name: 'inventory.outcomes.create', path: '/inventory/outcomes/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.outcomes' },
  { name: 'inventory.outcomes.edit', path: '/inventory/outcomes/:id/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.outcomes' },
  { name: 'inventory.ingredients.outcomes', path: '/inventory/ingredients/outcomes', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.ingredients.outcomes' },
  // Not in routes.tsv: issue 16 asks for stock levels and a low-stock view; admin only like incomes and outcomes.
  { name: 'inventory.stock', path: '/inventory/stock', roles: ['ROLE_ADMIN'], layout: 'full', area: 'inventory.stock' },
  { name: 'priceListsGroups.list', path: '/priceListsGroups', roles: ['ROLE_ADMIN'], layout: 'full', area: 'priceListsGroups' },
  { name: 'priceListsGroups.create', path: '/priceListsGroups/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'priceListsGroups' },
  { name: 'priceListsGroups.edit', path: '/priceListsGroups/:priceListsGroupId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'priceListsGroups' },
  { name: 'priceLists.create', path: '/priceLists/create/:priceListId?', roles: ['ROLE_ADMIN'], layout: 'full', area: 'priceLists' },
  { name: 'priceLists.edit', path: '/priceLists/:priceListId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'priceLists' },
  { name: 'cooks', path: '/cooks', roles: ['ROLE_ADMIN'], layout: 'full', area: 'cooks' },
  { name: 'users.activity', path: '/users/activity', roles: ['ROLE_ADMIN'], layout: 'full', area: 'users.activity' },
  { name: 'institutionsAdmins', path: '/institutionsAdmins', roles: ['ROLE_ADMIN'], layout: 'full', area: 'institutionsAdmins' },
  { name: 'announcements.create', path: '/announcements/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'announcements' },
  { name: 'announcements.edit', path: '/announcements/:announcementId/edit', roles: ['ROLE_ADMIN'], layout: 'full', area: 'announcements' },
  { name: 'recipients', path: '/recipients', roles: ['ROLE_ADMIN'], layout: 'full', area: 'recipients' },
  { name: 'kitchens', path: '/kitchens', roles: ['ROLE_ADMIN'], layout: 'full', area: 'kitchens' },
  { name: 'allergens', path: '/allergens', roles: ['ROLE_ADMIN'], layout: 'full', area: 'allergens' },
  { name: 'allergensGroups', path: '/allergensGroups', roles: ['ROLE_ADMIN'], layout: 'full', area: 'allergensGroups' },
  { name: 'portionSizes', path: '/portionSizes', roles: ['ROLE_ADMIN'], layout: 'full', area: 'portionSizes' },
  { name: 'administrators', path: '/administrators', roles: ['ROLE_ADMIN'], layout: 'full', area: 'administrators' },
  // Not in routes.tsv: issue 4 asks for ticket admin and report manager accounts; admin only like the other staff.
  { name: 'ticketAdmins', path: '/ticketAdmins', roles: ['ROLE_ADMIN'], layout: 'full', area: 'ticketAdmins' },
  { name: 'reportManagers', path: '/reportManagers', roles: ['ROLE_ADMIN'], layout: 'full', area: 'reportManagers' },
  { name: 'drivers', path: '/drivers', roles: ['ROLE_ADMIN'], layout: 'full', area: 'drivers' },
  { name: 'routeNumbers', path: '/routeNumbers', roles: ['ROLE_ADMIN'], layout: 'full', area: 'routeNumbers' },
  { name: 'dailyMealsReleases.list', path: '/dailyMealsReleases', roles: ['ROLE_ADMIN'], layout: 'full', area: 'dailyMealsReleases' },
  { name: 'dailyMealsReleases.create', path: '/dailyMealsReleases/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'dailyMealsReleases' },
  { name: 'districts', path: '/districts', roles: ['ROLE_ADMIN'], layout: 'full', area: 'districts' },
  { name: 'mealTypesCategories', path: '/mealTypesCategories', roles: ['ROLE_ADMIN'], layout: 'full', area: 'mealTypesCategories' },
  { name: 'importedOrdersFiles.list', path: '/importedOrdersFiles', roles: ['ROLE_ADMIN'], layout: 'full', area: 'importedOrdersFiles' },
  { name: 'importedOrdersFiles.details', path: '/importedOrdersFiles/:importedOrdersFileId', roles: ['ROLE_ADMIN'], layout: 'full', area: 'importedOrdersFiles' },
  { name: 'invoicesFiles.create', path: '/invoicesFiles/create', roles: ['ROLE_ADMIN'], layout: 'full', area: 'invoicesFiles' },
  { name: 'calendar.user', path: '/calendar/user', roles: ['ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'calendar.user' },
  { name: 'billing', path: '/billing', roles: ['ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'billing' },
  { name: 'payments.paid', path: '/payments/paid', roles: ['ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'payments.paid' },
  { name: 'orders.createPrepaidOrder', path: '/orders/createPrepaidOrder', roles: ['ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_ADMIN'], layout: 'full', area: 'orders.createPrepaidOrder' },
  { name: 'parents.children', path: '/parents/:parentId/children', roles: ['ROLE_PARENT', 'ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'parents.children' },
  { name: 'children.create', path: '/children/create', roles: ['ROLE_PARENT', 'ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'children' },
  { name: 'children.edit', path: '/children/:childId/edit/:backContext?', roles: ['ROLE_PARENT', 'ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'children' },
  { name: 'orders.details', path: '/orders/:orderId', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'orders' },
  { name: 'orders.create', path: '/orders/create/:orderId?', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'orders' },
  { name: 'orders.edit', path: '/orders/:orderId/edit', roles: 'all', layout: 'full', area: 'orders' },
  { name: 'mealsToPrepare', path: '/mealsToPrepare', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_COOK'], layout: 'full', area: 'mealsToPrepare' },
  { name: 'profile', path: '/profile', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_COOK'], layout: 'full', area: 'profile' },
  { name: 'helpTickets.create', path: '/helpTickets/create', roles: 'all', layout: 'full', area: 'helpTickets' },
  { name: 'announcements.list', path: '/announcements', roles: 'all', layout: 'full', area: 'announcements' },
  // Not in routes.tsv: issue 18's messages, for everyone the server lets read them (messages.read: all but cooks).
  { name: 'messages', path: '/messages', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_TICKET_ADMIN', 'ROLE_MANAGE_REPORTS', 'ROLE_EMPLOYEE'], layout: 'full', area: 'messages' },
  { name: 'tickets', path: '/tickets', roles: ['ROLE_TICKET_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'tickets' },
  { name: 'returnRequests', path: '/returnRequests', roles: ['ROLE_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'returnRequests' },
  { name: 'invoicesFiles.list', path: '/invoicesFiles', roles: ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'], layout: 'full', area: 'invoicesFiles' },
  { name: 'priceLists.list', path: '/priceLists', roles: ['ROLE_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_INSTITUTIONS_ADMIN'], layout: 'full', area: 'priceLists' },
  // automatedReports: routes.tsv gives ROLE_MANAGE_REPORTS; the admin too, who may do whatever the office does (issue 17).
  { name: 'automatedReports.list', path: '/automatedReports', roles: ['ROLE_MANAGE_REPORTS', 'ROLE_ADMIN'], layout: 'full', area: 'automatedReports' },
  { name: 'automatedReports.create', path: '/automatedReports/create/:automatedReportId?', roles: ['ROLE_MANAGE_REPORTS', 'ROLE_ADMIN'], layout: 'full', area: 'automatedReports' },
  { name: 'automatedReports.edit', path: '/automatedReports/:automatedReportId/edit', roles: ['ROLE_MANAGE_REPORTS', 'ROLE_ADMIN'], layout: 'full', area: 'automatedReports' },
  { name: 'settings.tenant', path: '/settings/tenant', roles: ['ROLE_ADMIN'], layout: 'full', area: 'settings.tenant' },
  { name: 'home', path: '/home', roles: 'all', layout: 'full', area: 'home' },
];

export const ROLE_HOME: Partial<Record<Role, string>> = {
  ROLE_COOK: '/terminal',
  ROLE_PARENT: '/calendar/user',
  ROLE_INSTITUTION_WORKER: '/calendar/user',
  ROLE_INSTITUTIONS_ADMIN: '/orders',
  // The spec's "home" of an admin is `/`, which redirects to the dashboard.
  ROLE_ADMIN: '/dashboard',
};
export const DEFAULT_HOME = '/home';

/** Checked in this order, so a user with several roles lands on the most specific home. */
const HOME_PRIORITY: readonly Role[] = ['ROLE_COOK', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_ADMIN'];

/** `roles` as the server sends them: plain strings, of which the known ones count. */
export function roleHome(roles: readonly string[]): string {
  const role = HOME_PRIORITY.find((candidate) => roles.includes(candidate));
  return (role && ROLE_HOME[role]) ?? DEFAULT_HOME;
}

export function canOpen(routeRoles: RouteRoles, userRoles: readonly string[]): boolean {
  if (routeRoles === null || routeRoles === 'all') return true;
  return routeRoles.some((role) => userRoles.includes(role));
}

export function areaTitleKey(area: string): string {
  return `routes:areas.${area.replaceAll('.', '_')}`;
}

export function findRoute(name: string): RouteDef | undefined {
  return routeTable.find((route) => route.name === name);
}
