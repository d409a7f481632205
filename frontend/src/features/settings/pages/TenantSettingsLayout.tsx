import { Nav } from 'react-bootstrap';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { settingsTabKeys } from '../settings-tab-keys';

/** Each tab is its own route, so a tab can be linked to and survives a reload. */
export function TenantSettingsLayout() {
  const { t } = useTranslation('settings');
  return (
    <section>
      <h1 className="h3 mb-3">{t('routes:areas.settings_tenant')}</h1>
      <Nav variant="tabs" className="mb-4" aria-label={t('tabsLabel')}>
        {settingsTabKeys.map((key) => (
          <Nav.Item key={key}>
            <Nav.Link as={NavLink} to={`/settings/tenant/${key}`}>
              {t(`tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <Outlet />
    </section>
  );
}
