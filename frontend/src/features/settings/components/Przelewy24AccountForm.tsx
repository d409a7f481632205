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

type Account = components['schemas']['Przelewy24Config'];

const NO_ACCOUNT: Account = { merchantId: 0, posId: 0, crcSet: false, apiKeySet: false, sandbox: true };

/** The tenant's Przelewy24 account (paymentMethodsConfig.przelewy24). The CRC and API keys are never read back: the
 * form shows whether one is stored, and a key left empty keeps the stored one. */
function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings(paymentMethodsConfigEndpoint);
  const [merchantId, setMerchantId] = useState(String(account.merchantId));
  const [posId, setPosId] = useState(String(account.posId));
  const [crc, setCrc] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [sandbox, setSandbox] = useState(account.sandbox);
  const error = update.error instanceof ApiError ? update.error : null;
  const fieldError = (name: string) => error?.fieldErrors[`przelewy24.${name}`]?.join(' ');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { przelewy24: { merchantId: Number(merchantId) || 0, posId: Number(posId) || 0, crc, apiKey, sandbox } },
      {
        onSuccess: () => {
          setCrc('');
          setApiKey('');
          notify({ type: 'success', message: t('settings:saved') });
        },
      },
    );
  };
  const stored = (isSet: boolean | undefined) => (isSet ? t('settings:przelewy24.secretStored') : t('settings:przelewy24.secretMissing'));

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings:przelewy24.title')}>
      {error && !Object.keys(error.fieldErrors).length && <Alert variant="danger">{error.message}</Alert>}
      <Form.Group className="mb-3" controlId="p24-merchant-id">
        <Form.Label>{t('settings:przelewy24.merchantId')}</Form.Label>
        <Form.Control inputMode="numeric" value={merchantId} onChange={(e) => setMerchantId(e.target.value)} isInvalid={Boolean(fieldError('merchantId'))} />
        <Form.Control.Feedback type="invalid">{fieldError('merchantId')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="p24-pos-id">
        <Form.Label>{t('settings:przelewy24.posId')}</Form.Label>
        <Form.Control inputMode="numeric" value={posId} onChange={(e) => setPosId(e.target.value)} isInvalid={Boolean(fieldError('posId'))} />
        <Form.Control.Feedback type="invalid">{fieldError('posId')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="p24-crc">
        <Form.Label>{t('settings:przelewy24.crc')}</Form.Label>
        <Form.Control type="password" autoComplete="off" value={crc} onChange={(e) => setCrc(e.target.value)} placeholder={stored(account.crcSet)} />
        <Form.Text>{stored(account.crcSet)}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="p24-api-key">
        <Form.Label>{t('settings:przelewy24.apiKey')}</Form.Label>
        <Form.Control type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder={stored(account.apiKeySet)} />
        <Form.Text>{stored(account.apiKeySet)}</Form.Text>
      </Form.Group>
      <Form.Check className="mb-3" id="p24-sandbox" label={t('settings:przelewy24.sandbox')} checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />
      <SandboxWarning sandbox={sandbox} />
      <FormActionButton type="submit" pending={update.isPending}>
        {t('common:save')}
      </FormActionButton>
    </Form>
  );
}

export function Przelewy24AccountForm({ title }: { title: string }) {
  const query = useSettings(paymentMethodsConfigEndpoint);
  return (
    <SectionCard title={title}>
      <QueryState query={query}>{() => <AccountForm account={query.data?.przelewy24 ?? NO_ACCOUNT} />}</QueryState>
    </SectionCard>
  );
}
