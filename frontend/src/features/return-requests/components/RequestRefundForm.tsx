import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Form } from 'react-bootstrap';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { MoneyField, TextAreaField, TextField, decimalAmount, optionalText } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
import type { Money } from '@/lib/money';
import { isValidNrb } from '@/lib/nrb';
import { useCreateReturnRequest } from '../api/return-requests';
import { formatNrb } from './nrb-format';

const REASON_MAX_LENGTH = 500;

interface Values {
  amount: string;
  bankAccountNumber: string;
  reason: string;
}

interface RequestRefundFormProps {
  balance: Money;
  /** Parents are refunded to the account of their profile; workers type it here (they keep none there). */
  profileAccount: string | null;
  isParent: boolean;
  /** The child whose balance is refunded, when the tenant keeps balances per child (null: the payer's own). */
  childId?: number | null;
}

/** A payer asks for (part of) their balance back: the amount starts at the whole balance and may not exceed it. */
export function RequestRefundForm({ balance, profileAccount, isParent, childId = null }: RequestRefundFormProps) {
  const { t } = useTranslation(['returnRequests', 'common']);
  const max = Number(balance.amount);
  const schema = useMemo(
    () =>
      z.object({
        amount: decimalAmount(t).refine((value) => Number(value) > 0 && Number(value) <= max, t('returnRequests:validation.amount', { max: formatMoney(balance) })),
        bankAccountNumber: isParent
          ? z.string()
          : z
              .string()
              .trim()
              .refine((value) => isValidNrb(value), t('returnRequests:validation.bankAccount'))
              .transform((value) => value.replace(/\s/g, '')),
        reason: optionalText(t, REASON_MAX_LENGTH),
      }),
    [t, max, balance, isParent],
  );
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: { amount: balance.amount, bankAccountNumber: '', reason: '' },
  });
  const create = useCreateReturnRequest();
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        amount: { amount: values.amount, currency: 'PLN' },
        reason: values.reason,
        bankAccountNumber: isParent ? '' : values.bankAccountNumber,
        ...(childId === null ? {} : { childId }),
      });
      notify({ type: 'success', message: t('returnRequests:requested') });
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount', 'bankAccountNumber', 'reason'] as Path<Values>[]);
      if (error instanceof ApiError && (isParent || Object.keys(error.fieldErrors).length === 0)) {
        const account = error.fieldErrors.bankAccountNumber;
        notify({ type: 'error', message: account ? account.map(translateServerMessage).join(' ') : error.message });
      }
    }
  });
  const noAccount = isParent && !profileAccount;
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('returnRequests:requestTitle')}</h2>
        <Form noValidate aria-label={t('returnRequests:requestTitle')} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
          <MoneyField control={form.control} name="amount" label={t('returnRequests:fields.amount')} help={t('returnRequests:help.amount', { max: formatMoney(balance) })} required />
          {isParent ? (
            <div className="mb-3">
              <div className="form-label">{t('returnRequests:fields.bankAccountNumber')}</div>
              {noAccount ? (
                <Alert variant="warning" className="mb-0">
                  {t('returnRequests:noProfileAccount')} <Link to="/profile">{t('returnRequests:editProfile')}</Link>
                </Alert>
              ) : (
                <p className="mb-0">
                  <span className="font-monospace" aria-label={t('returnRequests:fields.bankAccountNumber')}>
                    {formatNrb(profileAccount ?? '')}
                  </span>{' '}
                  <Link to="/profile">{t('returnRequests:editProfile')}</Link>
                </p>
              )}
            </div>
          ) : (
            <TextField control={form.control} name="bankAccountNumber" label={t('returnRequests:fields.bankAccountNumber')} help={t('returnRequests:help.bankAccount')} required />
          )}
          <TextAreaField control={form.control} name="reason" label={t('returnRequests:fields.reason')} maxLength={REASON_MAX_LENGTH} />
          <FormActionButton type="submit" pending={create.isPending} disabled={noAccount || max <= 0}>
            {t('returnRequests:request')}
          </FormActionButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
