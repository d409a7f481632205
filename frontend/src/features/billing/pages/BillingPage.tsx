import { Alert, Button, Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { useSession } from '@/lib/session/session-context';
import { Amount, BalancePerChildrenTable, LedgerTable, payerHistoryColumns, useBankTransferDetails, useUserBalance } from '@/components/transactions';
import { isNegativeAmount } from '@/lib/money';
import { paymentMethodsConfigEndpoint } from '@/lib/settings/payment-methods-config';
import { useSettings } from '@/lib/settings/settings-endpoint';
import { TopUpOnline } from '../components/TopUpOnline';
import { ONLINE_PROVIDERS } from '../api/payments';

/** "12 3456 ..." — an NRB as printed on Polish bank forms: two digits, then groups of four. */
function formatNrb(number: string): string {
  return `${number.slice(0, 2)} ${number.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}`;
}

function CopyRow({ label, value, copyValue }: { label: string; value: string; copyValue?: string }) {
  const { t } = useTranslation('billing');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyValue ?? value);
      notify({ type: 'success', message: t('copied') });
    } catch {
      notify({ type: 'error', message: t('copyFailed') });
    }
  };
  return (
    <tr>
      <th scope="row" className="fw-normal text-body-secondary">
        {label}
      </th>
      <td className="font-monospace">{value}</td>
      <td className="text-end">
        <Button size="sm" variant="outline-secondary" onClick={() => void copy()} aria-label={t('copyLabel', { label })}>
          {t('copy')}
        </Button>
      </td>
    </tr>
  );
}

/** `/billing` (parents and workers): balance, per-child balances, top-up by transfer or online, history. */
export function BillingPage() {
  const { t } = useTranslation(['billing', 'routes']);
  const { user } = useSession();
  const balance = useUserBalance(user?.id ?? null);
  const details = useBankTransferDetails();
  const methods = useSettings(paymentMethodsConfigEndpoint);
  const providers = ONLINE_PROVIDERS.filter((name) => methods.data?.[`${name}Enabled`]);
  const online = methods.data?.allowOnlinePayments && providers.length ? methods.data : null;
  const title = t('routes:areas.billing');
  const negative = balance.data ? isNegativeAmount(balance.data.balance.amount) : false;
  return (
    <section>
      <PageHeader title={title} />
      {negative && (
        <Alert variant="warning" role="status">
          {t('negativeNotice')}
        </Alert>
      )}
      <Row className="g-4 mb-4">
        <Col md={5}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('balance')}</h2>
              {balance.isPending && <LoadingSpinner className="my-2" />}
              {balance.isError && !balance.data && <QueryError error={balance.error} onRetry={balance.refetch} />}
              {balance.data && (
                <p className="display-6" aria-label={t('balance')}>
                  <Amount value={balance.data.balance} />
                </p>
              )}
              {balance.data?.balancePerChildren && <BalancePerChildrenTable rows={balance.data.perChildren} />}
            </Card.Body>
          </Card>
        </Col>
        <Col md={7}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('transferTitle')}</h2>
              {details.isPending && <LoadingSpinner className="my-2" />}
              {details.isError && !details.data && <QueryError error={details.error} onRetry={details.refetch} />}
              {details.data &&
                (details.data.accountNumber ? (
                  <Table size="sm" aria-label={t('transferTitle')}>
                    <tbody>
                      <CopyRow label={t('recipient')} value={[details.data.recipientName, details.data.recipientAddress].filter(Boolean).join(', ')} />
                      <CopyRow label={t('accountNumber')} value={formatNrb(details.data.accountNumber)} copyValue={details.data.accountNumber} />
                      <CopyRow label={t('title')} value={details.data.title} />
                    </tbody>
                  </Table>
                ) : (
                  <p className="text-body-secondary">{t('noAccountNumber')}</p>
                ))}
              <p className="small text-body-secondary mb-0">{t('transferHelp')}</p>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {online && (
        <Row className="g-4 mb-4">
          <Col md={5}>
            <TopUpOnline minimum={online.minimumPaymentAmount ?? { amount: '0.00', currency: 'PLN' }} providers={providers} />
          </Col>
        </Row>
      )}
      <h2 className="h5">{t('history')}</h2>
      <LedgerTable label={t('history')} columns={payerHistoryColumns(balance.data?.balancePerChildren ?? false)} fiscal />
    </section>
  );
}
