import { useSession } from '@/lib/session/session-context';
import { CustomerMenuPage } from './CustomerMenuPage';
import { MealsMenusListPage } from './MealsMenusListPage';

const STAFF_ROLES = ['ROLE_ADMIN', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_COOK', 'ROLE_TICKET_ADMIN', 'ROLE_MANAGE_REPORTS', 'ROLE_EMPLOYEE'];

/** `/mealsMenus`: staff get the list of menus; parents and workers the month of their institutions' menu. */
export function MealsMenusPage() {
  const { user } = useSession();
  const staff = (user?.roles ?? []).some((role) => STAFF_ROLES.includes(role));
  return staff ? <MealsMenusListPage /> : <CustomerMenuPage />;
}
