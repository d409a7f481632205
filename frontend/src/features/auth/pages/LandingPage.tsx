import { useEffect } from 'react';
import { Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useTenantStatus } from '@/lib/session/get-tenant-status';
import { externalLoginHref } from '../external-login';

/** Tenant landing (spec §2): sign in on the external site, or register when the tenant allows it. */
export function LandingPage() {
  const { t } = useTranslation('auth');
  const status = useTenantStatus();
  const loginUrl = status.data?.loginUrl ?? null;
  const registration = status.data?.data ?? null;
  const goStraightToLogin = status.isSuccess && registration === null && loginUrl !== null;

  useEffect(() => {
    // Nothing to choose between: the tenant has no self-registration, so sign-in is the only way in.
    if (goStraightToLogin && loginUrl) window.location.assign(externalLoginHref(loginUrl));
  }, [goStraightToLogin, loginUrl]);

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4 text-center">
        <h1 className="h3 mb-3">{t('landing.welcome')}</h1>
        {status.isPending ? (
          <LoadingSpinner />
        ) : (
          <>
            <p className="text-body-secondary">{t('landing.chooseOption')}</p>
            <section className="my-4" aria-labelledby="landing-login">
              <h2 id="landing-login" className="h6">
                {t('landing.haveAccount')}
              </h2>
              {loginUrl && (
                <Button href={externalLoginHref(loginUrl)} variant="primary" className="px-4">
                  {t('landing.login')}
                </Button>
              )}
            </section>
            {registration && (
              <section className="my-4" aria-labelledby="landing-register">
                <h2 id="landing-register" className="h6">
                  {t('landing.createAccount')}
                </h2>
                <Link to="/auth/register" className="btn btn-outline-primary px-4">
                  {t('landing.register')}
                </Link>
              </section>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
