import { Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBalance } from '@/lib/session/get-balance';
import { isCustomer } from '@/lib/session/get-current-user';
import { useActiveOrdersAmount } from '@/lib/orders/get-active-orders-amount';
import { useSession } from '@/lib/session/session-context';
import { LOCALES } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import { NotificationsBell } from '@/components/notifications/NotificationsBell';
import { WebPushPrompt } from '@/components/webpush/WebPushPrompt';
import { areaTitleKey, canOpen, findRoute } from '../routes/route-table';
import { menuItems, useTenantOptions } from './menu';

/**
 * The customer's balance and active-orders amount. Wide screens show them in the expanded menu; phones and
 * tablets (below xl the menu is collapsed) show them `compact`, one under the other beside the menu toggle.
 */
function CustomerAmounts({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const balance = useBalance(true);
  const activeOrders = useActiveOrdersAmount(true);
  const amounts = (
    <>
      {balance.data && (
        <span className={compact ? 'd-block text-nowrap' : 'me-3 text-nowrap'}>
          {t('balance')}: <strong>{formatMoney(balance.data)}</strong>
        </span>
      )}
      {activeOrders.data && (
        <span className={compact ? 'd-block text-nowrap' : 'text-nowrap'}>
          {t('activeOrdersAmount')}: <strong>{formatMoney(activeOrders.data)}</strong>
        </span>
      )}
    </>
  );
  return compact ? (
    <Navbar.Text className="d-xl-none ms-auto me-2 py-0 small lh-sm text-end" data-testid="customer-amounts-compact">
      {amounts}
    </Navbar.Text>
  ) : (
    <Navbar.Text className="d-none d-xl-block me-3 small" data-testid="customer-amounts">
      {amounts}
    </Navbar.Text>
  );
}

export function FullLayout() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { user } = session;
  const tenantOptions = useTenantOptions(user);
  const profileRoute = findRoute('profile');
  const canOpenProfile = user && profileRoute ? canOpen(profileRoute.roles, user.roles) : false;

  return (
    <>
      <Navbar expand="xl" bg="body-tertiary" className="border-bottom mb-4" aria-label={t('mainMenu')}>
        <Container fluid>
          <Navbar.Brand as={NavLink} to={user ? '/home' : '/auth/login'}>
            {session.tenantStatus?.tenant.name ?? t('appName')}
          </Navbar.Brand>
          {user && isCustomer(user) && <CustomerAmounts compact />}
          <Navbar.Toggle aria-controls="main-nav" />
          <Navbar.Collapse id="main-nav">
            {/* Wraps rather than overflowing: an admin's menu is long, a customer's has the amounts too. */}
            <Nav className="me-auto flex-wrap">
              {user &&
                menuItems(user.roles, tenantOptions, user.abilities).map((item) =>
                  item.kind === 'link' ? (
                    <Nav.Link key={item.route.name} as={NavLink} to={item.route.path} className="text-nowrap">
                      {t(areaTitleKey(item.route.area))}
                    </Nav.Link>
                  ) : (
                    <NavDropdown key={item.key} title={t(`routes:menuGroups.${item.key}`)} id={`menu-${item.key}`}>
                      {item.routes.map((route) => (
                        <NavDropdown.Item key={route.name} as={NavLink} to={route.path}>
                          {t(areaTitleKey(route.area))}
                        </NavDropdown.Item>
                      ))}
                    </NavDropdown>
                  ),
                )}
              {user?.roles.includes('ROLE_PARENT') && (
                // The parent's own children: a route with the parent's id, so not derived from the table.
                <Nav.Link as={NavLink} to={`/parents/${user.id}/children`} className="text-nowrap">
                  {t('routes:myChildren')}
                </Nav.Link>
              )}
            </Nav>
            {user && isCustomer(user) && <CustomerAmounts />}
            {/* Cooks never get notifications (spec): no bell, no poll. */}
            {user && !user.roles.includes('ROLE_COOK') && <NotificationsBell />}
            {user && (
              <Nav>
                <NavDropdown title={user.fullName} id="user-menu" align="end">
                  {canOpenProfile && (
                    <NavDropdown.Item as={NavLink} to="/profile">
                      {t('routes:areas.profile')}
                    </NavDropdown.Item>
                  )}
                  <NavDropdown.Divider />
                  <NavDropdown.Header>{t('language')}</NavDropdown.Header>
                  {LOCALES.map((locale) => (
                    <NavDropdown.Item
                      key={locale}
                      as="button"
                      active={i18n.language === locale}
                      onClick={() => session.changeLocale(locale)}
                    >
                      {t(`languages.${locale}`)}
                    </NavDropdown.Item>
                  ))}
                  <NavDropdown.Divider />
                  <NavDropdown.Item as="button" onClick={session.logout}>
                    {t('logout')}
                  </NavDropdown.Item>
                </NavDropdown>
              </Nav>
            )}
          </Navbar.Collapse>
        </Container>
      </Navbar>
      <Container className="pb-5">
        {/* Cooks get no notifications, so no pushes either. */}
        {user && !user.roles.includes('ROLE_COOK') && <WebPushPrompt userId={user.id} />}
        <Outlet />
      </Container>
    </>
  );
}
