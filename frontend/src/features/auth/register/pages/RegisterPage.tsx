import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card } from 'react-bootstrap';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { useAllowSelfRegistration } from '@/features/auth/api/get-allow-self-registration';
import { termsUrlsQueryOptions } from '@/lib/session/get-terms-urls';
import { useChildOptions } from '../api/registration';
import { RegisterForm } from '../components/RegisterForm';

/**
 * `/auth/register` and `/auth/register/:institutionSlug` (spec §2): both leave for login when the tenant does
 * not allow self-registration; with a slug the institution is fixed and read-only.
 */
export function RegisterPage() {
  const allowed = useAllowSelfRegistration();
  if (allowed.isPending) return <LoadingSpinner />;
  if (!allowed.data) return <Navigate to="/auth/login" replace />;
  return <RegisterAccount />;
}

function RegisterAccount() {
  const { t } = useTranslation('register');
  const { institutionSlug } = useParams();
  const options = useChildOptions(institutionSlug);
  const termsUrls = useQuery(termsUrlsQueryOptions());
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <Link to="/auth/login" className="d-inline-block mb-3">
          {t('backToLogin')}
        </Link>
        <h1 className="h3">{t('title')}</h1>
        {registeredEmail ? (
          <section aria-labelledby="register-success" className="mt-3">
            <h2 id="register-success" className="h5 text-success">
              {t('success.title')}
            </h2>
            <p className="mb-2">{t('success.email', { email: registeredEmail })}</p>
            <p>{t('success.notice')}</p>
            <Link to="/auth/login" className="btn btn-primary">
              {t('backToLogin')}
            </Link>
          </section>
        ) : (
          <>
            <p className="text-body-secondary">{t('description')}</p>
            {options.data ? (
              <RegisterForm
                options={options.data}
                termsUrls={termsUrls.data}
                institutionSlug={institutionSlug}
                onRegistered={setRegisteredEmail}
              />
            ) : options.isError ? (
              <QueryError error={options.error} onRetry={options.refetch} />
            ) : (
              <LoadingSpinner />
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
