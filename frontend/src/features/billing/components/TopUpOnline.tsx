import { useState } from 'react';
import { Alert, Button, Card, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { Amount } from '@/components/transactions';
import { DECIMAL_INPUT_PATTERN, toDecimalString, type Money } from '@/lib/money';
import { goToPaywall, usePay, usePaymentFee, type OnlineProvider } from '../api/payments';

/** "Top up online" on /billing: the amount (at least the tenant's minimum), the fee the server computes for it shown
 * before paying, and one Pay button per enabled provider, which registers the payment and sends the payer to that
 * provider's paywall. */
export function TopUpOnline({ minimum, providers }: { minimum: Money; providers: readonly OnlineProvider[] }) {
  const { t } = useTranslation('billing');
  const [typed, setTyped] = useState(minimum.amount);
  const valid = DECIMAL_INPUT_PATTERN.test(typed.trim()) && Number(toDecimalString(typed)) > 0;
  const amount = valid ? toDecimalString(typed) : null;
  const fee = usePaymentFee(amount);
  const pay = usePay();
  const error = pay.error instanceof ApiError ? pay.error : null;
  const amountError = error?.fieldErrors.amount?.join(' ') ?? (valid || typed === '' ? null : t('amountInvalid'));

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!amount) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const provider = (providers.find((name) => name === submitter?.value) ?? providers[0]) as OnlineProvider;
    pay.mutate({ amount, provider }, { onSuccess: (answer) => goToPaywall(answer.redirectUrl) });
  };

  return (
    <Card className="h-100">
      <Card.Body>
        <h2 className="h5">{t('onlineTitle')}</h2>
        <Form noValidate onSubmit={submit} aria-label={t('onlineTitle')}>
          <Form.Group className="mb-3" controlId="top-up-amount">
            <Form.Label>{t('onlineAmount')}</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                pay.reset();
              }}
              isInvalid={Boolean(amountError)}
              aria-describedby="top-up-minimum"
            />
            <Form.Control.Feedback type="invalid">{amountError}</Form.Control.Feedback>
            <Form.Text id="top-up-minimum">{t('onlineMinimum', { amount: minimum.amount })}</Form.Text>
          </Form.Group>
          {amount && fee.isPending && <LoadingSpinner className="my-2" />}
          {amount && fee.data && (
            <Table size="sm" aria-label={t('onlineSummary')}>
              <tbody>
                <tr>
                  <th scope="row" className="fw-normal">{t('onlineToBalance')}</th>
                  <td className="text-end"><Amount value={fee.data.amount} /></td>
                </tr>
                <tr>
                  <th scope="row" className="fw-normal">{t('onlineFee')}</th>
                  <td className="text-end"><Amount value={fee.data.fee} /></td>
                </tr>
                <tr>
                  <th scope="row">{t('onlineTotal')}</th>
                  <td className="text-end fw-bold"><Amount value={fee.data.total} /></td>
                </tr>
              </tbody>
            </Table>
          )}
          {error && !error.fieldErrors.amount && (
            <Alert variant="danger" role="alert">
              {error.message}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            {providers.map((provider) => (
              <Button key={provider} type="submit" name="provider" value={provider} disabled={!amount || pay.isPending || pay.isSuccess}>
                {pay.isPending || pay.isSuccess ? t('onlineRedirecting') : t(`onlinePayWith.${provider}`)}
              </Button>
            ))}
          </div>
          <p className="small text-body-secondary mt-2 mb-0">{t('onlineHelp')}</p>
        </Form>
      </Card.Body>
    </Card>
  );
}
