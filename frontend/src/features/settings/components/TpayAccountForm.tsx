import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState, SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { paymentMethodsConfigEndpoint } from '@/lib/settings/payment-methods-config';
import { useSettings, useUpdateSettings } from '@/lib/settings/settings-endpoint';
import type { components } from '@/api/schema';
import { SandboxWarning } from './SandboxWarning';

type Account = components['schemas']['TpayConfig'];

const NO_ACCOUNT: Account = { merchantId: 0, clientId: '', clientSecretSet: false, securityCodeSet: false, sandbox: true };

/** The tenant's Tpay account (paymentMethodsConfig.tpay). The OpenAPI client secret and the notification security
 * code are never read back: the form shows whether one is stored, and one left empty keeps the stored one. */
function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings(paymentMethodsConfigEndpoint);
  const [merchantId, setMerchantId] = useState(String(account.merchantId));
  const [clientId, setClientId] = useState(account.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [securityCode, setSecurityCode] = useState('');
  const [sandbox, setSandbox] = useState(account.sandbox);
  const error = update.error instanceof ApiError ? update.error : null;
  const fieldError = (name: string) => error?.fieldErrors[`tpay.${name}`]?.join(' ');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { tpay: { merchantId: Number(merchantId) || 0, clientId, clientSecret, securityCode, sandbox } },
      {
        onSuccess: () => {
          setClientSecret('');
          setSecurityCode('');
          notify({ type: 'success', message: t('settings:saved') });
        },
      },
    );
  };
  const stored = (isSet: boolean | undefined) => (isSet ? t('settings:przelewy24.secretStored') : t('settings:przelewy24.secretMissing'));

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings:tpay.title')}>
      {error && !Object.keys(error.fieldErrors).length && <Alert variant="danger">{error.message}</Alert>}
      <Form.Group className="mb-3" controlId="tpay-merchant-id">
        <Form.Label>{t('settings:tpay.merchantId')}</Form.Label>
        <Form.Control inputMode="numeric" value={merchantId} onChange={(e) => setMerchantId(e.target.value)} isInvalid={Boolean(fieldError('merchantId'))} />
        <Form.Control.Feedback type="invalid">{fieldError('merchantId')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="tpay-client-id">
        <Form.Label>{t('settings:tpay.clientId')}</Form.Label>
        <Form.Control autoComplete="off" value={clientId} onChange={(e) => setClientId(e.target.value)} isInvalid={Boolean(fieldError('clientId'))} />
        <Form.Control.Feedback type="invalid">{fieldError('clientId')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="tpay-client-secret">
        <Form.Label>{t('settings:tpay.clientSecret')}</Form.Label>
        <Form.Control type="password" autoComplete="off" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} placeholder={stored(account.clientSecretSet)} />
        <Form.Text>{stored(account.clientSecretSet)}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="tpay-security-code">
        <Form.Label>{t('settings:tpay.securityCode')}</Form.Label>
        <Form.Control type="password" autoComplete="off" value={securityCode} onChange={(e) => setSecurityCode(e.target.value)} placeholder={stored(account.securityCodeSet)} />
        <Form.Text>{stored(account.securityCodeSet)}</Form.Text>
      </Form.Group>
      <Form.Check className="mb-3" id="tpay-sandbox" label={t('settings:tpay.sandbox')} checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />
      <SandboxWarning sandbox={sandbox} />
      <FormActionButton type="submit" pending={update.isPending}>
        {t('common:save')}
      </FormActionButton>
    </Form>
  );
}

export function TpayAccountForm({ title }: { title: string }) {
  const query = useSettings(paymentMethodsConfigEndpoint);
  return (
    <SectionCard title={title}>
      <QueryState query={query}>{() => <AccountForm account={query.data?.tpay ?? NO_ACCOUNT} />}</QueryState>
    </SectionCard>
  );
}
