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

type Account = components['schemas']['AutopayConfig'];

const NO_ACCOUNT: Account = { serviceId: 0, sharedKeySet: false, sandbox: true };

/** The tenant's Autopay service (paymentMethodsConfig.autopay). The shared key is never read back: the form shows
 * whether one is stored, and a key left empty keeps the stored one. */
function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation(['settings', 'common']);
  const update = useUpdateSettings(paymentMethodsConfigEndpoint);
  const [serviceId, setServiceId] = useState(String(account.serviceId));
  const [sharedKey, setSharedKey] = useState('');
  const [sandbox, setSandbox] = useState(account.sandbox);
  const error = update.error instanceof ApiError ? update.error : null;
  const fieldError = (name: string) => error?.fieldErrors[`autopay.${name}`]?.join(' ');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate(
      { autopay: { serviceId: Number(serviceId) || 0, sharedKey, sandbox } },
      {
        onSuccess: () => {
          setSharedKey('');
          notify({ type: 'success', message: t('settings:saved') });
        },
      },
    );
  };
  const stored = account.sharedKeySet ? t('settings:przelewy24.secretStored') : t('settings:przelewy24.secretMissing');

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings:autopay.title')}>
      {error && !Object.keys(error.fieldErrors).length && <Alert variant="danger">{error.message}</Alert>}
      <Form.Group className="mb-3" controlId="autopay-service-id">
        <Form.Label>{t('settings:autopay.serviceId')}</Form.Label>
        <Form.Control inputMode="numeric" value={serviceId} onChange={(e) => setServiceId(e.target.value)} isInvalid={Boolean(fieldError('serviceId'))} />
        <Form.Control.Feedback type="invalid">{fieldError('serviceId')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="autopay-shared-key">
        <Form.Label>{t('settings:autopay.sharedKey')}</Form.Label>
        <Form.Control type="password" autoComplete="off" value={sharedKey} onChange={(e) => setSharedKey(e.target.value)} placeholder={stored} />
        <Form.Text>{stored}</Form.Text>
      </Form.Group>
      <Form.Check className="mb-3" id="autopay-sandbox" label={t('settings:autopay.sandbox')} checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />
      <SandboxWarning sandbox={sandbox} />
      <FormActionButton type="submit" pending={update.isPending}>
        {t('common:save')}
      </FormActionButton>
    </Form>
  );
}

export function AutopayAccountForm({ title }: { title: string }) {
  const query = useSettings(paymentMethodsConfigEndpoint);
  return (
    <SectionCard title={title}>
      <QueryState query={query}>{() => <AccountForm account={query.data?.autopay ?? NO_ACCOUNT} />}</QueryState>
    </SectionCard>
  );
}
