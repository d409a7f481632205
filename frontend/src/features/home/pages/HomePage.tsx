import { Badge, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuRoutes, useTenantOptions } from '@/app/layouts/menu';
import { areaTitleKey } from '@/app/routes/route-table';
import { useSession } from '@/lib/session/session-context';

/** Welcome page for roles without a dedicated home; links only to built areas the user may open. */
export function HomePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const tenantOptions = useTenantOptions(user);
  if (!user) return null;
  // The menu's entries (one per area: no create/import/edit pages), so each area has one tile.
  const areas = menuRoutes(user.roles, tenantOptions, user.abilities).filter((route) => route.name !== 'home');
  return (
    <section>
      <h1 className="h3">{t('home.welcome', { name: user.firstName || user.fullName })}</h1>
      <p className="mb-4">
        {t('home.yourRoles')}{' '}
        {user.roles.map((role) => (
          <Badge key={role} bg="secondary" className="me-1">
            {t(`roles.${role}`)}
          </Badge>
        ))}
      </p>
      <Row xs={1} md={3} className="g-3">
        {areas.map((route) => (
          <Col key={route.name}>
            <Card className="h-100">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  <Link to={route.path} className="stretched-link text-decoration-none">
                    {t(areaTitleKey(route.area))}
                  </Link>
                </Card.Title>
                <Card.Text className="text-body-secondary small">{t(`home.areaHint.${route.name.replaceAll('.', '_')}`, { defaultValue: '' })}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
