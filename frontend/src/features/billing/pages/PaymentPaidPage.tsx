import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { Amount } from '@/components/transactions';
import { usePayment } from '../api/payments';

const VARIANTS = { pending: 'info', paid: 'success', failed: 'danger', cancelled: 'warning' } as const;

/** `/payments/paid?paymentId=` (parents and workers): where the provider returns the payer. Shows the payment's real
 * state, asking again while it is pending (the provider's notification may come after the payer), and the balance. */
export function PaymentPaidPage() {
  const { t } = useTranslation(['billing', 'routes']);
  const raw = useSearchParams()[0].get('paymentId');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const payment = usePayment(id);
  return (
    <section>
      <PageHeader title={t('routes:areas.payments_paid')} />
      {id === null && <Alert variant="warning">{t('paymentMissing')}</Alert>}
      {payment.isPending && id !== null && <LoadingSpinner className="my-2" />}
      {payment.isError && !payment.data && <QueryError error={payment.error} onRetry={payment.refetch} />}
      {payment.data && (
        <Card>
          <Card.Body>
            <Alert variant={VARIANTS[payment.data.state]} role="status">
              {t(`paymentState.${payment.data.state}`)}
            </Alert>
            <dl className="row mb-0">
              <dt className="col-sm-4">{t('paymentAmount')}</dt>
              <dd className="col-sm-8">
                <Amount value={payment.data.amount} />
              </dd>
              <dt className="col-sm-4">{t('onlineFee')}</dt>
              <dd className="col-sm-8">
                <Amount value={payment.data.fee} />
              </dd>
              <dt className="col-sm-4">{t('balance')}</dt>
              <dd className="col-sm-8" aria-label={t('balance')}>
                <Amount value={payment.data.balance} />
              </dd>
            </dl>
          </Card.Body>
        </Card>
      )}
      <p className="mt-3">
        <Link to="/billing">{t('backToBilling')}</Link>
      </p>
    </section>
  );
}
