import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormModal } from '@/components/FormModal';
import { MoneyField, decimalAmount } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { useAcceptReturnRequest, type ReturnRequest } from '../api/return-requests';

/** The office accepts a request with an amount: prefilled with the asked amount, never more. */
export function AcceptModal({ row, onClose }: { row: ReturnRequest | null; onClose: () => void }) {
  const { t } = useTranslation(['returnRequests', 'common']);
  const asked = row?.amount;
  const schema = useMemo(
    () =>
      z.object({
        amount: decimalAmount(t).refine(
          (value) => Number(value) > 0 && Number(value) <= Number(asked?.amount ?? 0),
          t('returnRequests:validation.acceptAmount', { max: asked ? formatMoney(asked) : '' }),
        ),
      }),
    [t, asked],
  );
  const form = useForm<{ amount: string }, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), values: { amount: asked?.amount ?? '' } });
  const accept = useAcceptReturnRequest();
  const submit = form.handleSubmit(async (values) => {
    if (!row) return;
    try {
      await accept.mutateAsync({ id: row.id, amount: values.amount });
      notify({ type: 'success', message: t('returnRequests:accepted') });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount'] as Path<{ amount: string }>[]);
      if (error instanceof Error && !form.getFieldState('amount').error) notify({ type: 'error', message: error.message });
    }
  });
  return (
    <FormModal
      show={row !== null}
      title={t('returnRequests:acceptTitle', { name: row?.requester.fullName ?? '' })}
      pending={accept.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <MoneyField control={form.control} name="amount" label={t('returnRequests:fields.acceptedAmount')} help={t('returnRequests:help.acceptAmount', { max: asked ? formatMoney(asked) : '' })} required />
    </FormModal>
  );
}
