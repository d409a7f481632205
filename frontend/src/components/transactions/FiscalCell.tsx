import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button } from 'react-bootstrap';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useConfirm } from '@/components/confirm-context';
import { FormModal } from '@/components/FormModal';
import { TextField, requiredText } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { useRegisteredByHand, useSendAnew } from '@/lib/transactions/fiscal';
import type { FiscalState } from '@/lib/transactions/ledger';

const FISCAL_VARIANT: Record<FiscalState['state'], string> = { pending: 'secondary', registered: 'success', failed: 'danger' };
const RECEIPT_NUMBER_MAX_LENGTH = 100;

/** The receipt number a person found in the printer's reports, for a failed deposit. */
function RegisteredByHandModal({ transactionId, show, onClose }: { transactionId: number; show: boolean; onClose: () => void }) {
  const { t } = useTranslation(['transactions', 'common']);
  const schema = useMemo(() => z.object({ receiptNumber: requiredText(t, RECEIPT_NUMBER_MAX_LENGTH) }), [t]);
  const form = useForm<{ receiptNumber: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { receiptNumber: '' },
  });
  const registered = useRegisteredByHand();
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await registered.mutateAsync({ id: transactionId, receiptNumber: values.receiptNumber });
      notify({ type: 'success', message: t('transactions:fiscal.registeredByHandDone') });
      close();
    } catch (error) {
      applyServerErrors(error, form.setError, ['receiptNumber'] as Path<{ receiptNumber: string }>[]);
    }
  });
  return (
    <FormModal
      show={show}
      title={t('transactions:fiscal.registeredByHandTitle', { id: transactionId })}
      pending={registered.isPending}
      onSubmit={() => void submit()}
      onClose={close}
    >
      <Alert variant="warning" className="small">
        {t('transactions:fiscal.registeredByHandWarning')}
      </Alert>
      <TextField
        control={form.control}
        name="receiptNumber"
        label={t('transactions:fiscal.receiptNumber')}
        maxLength={RECEIPT_NUMBER_MAX_LENGTH}
        required
      />
    </FormModal>
  );
}

/** What a person may do with a failed receipt after checking the printer's reports (fiscal.manage). */
function SettleFailed({ transactionId }: { transactionId: number }) {
  const { t } = useTranslation('transactions');
  const confirm = useConfirm();
  const sendAnew = useSendAnew();
  const [byHand, setByHand] = useState(false);

  const askSendAnew = async () => {
    const ok = await confirm({
      title: t('fiscal.sendAnewTitle', { id: transactionId }),
      body: t('fiscal.sendAnewBody'),
      confirmLabel: t('fiscal.sendAnewConfirm'),
      variant: 'danger',
    });
    if (!ok) return;
    try {
      await sendAnew.mutateAsync(transactionId);
      notify({ type: 'success', message: t('fiscal.sendAnewDone') });
    } catch {
      // The query client toasts the server's reason (not failed any more, fiscalization off).
    }
  };

  return (
    <div className="d-flex flex-wrap gap-2">
      <Button variant="link" size="sm" className="p-0" onClick={() => setByHand(true)} aria-label={t('fiscal.registeredByHandNumber', { id: transactionId })}>
        {t('fiscal.registeredByHand')}
      </Button>
      <Button variant="link" size="sm" className="p-0" onClick={() => void askSendAnew()} aria-label={t('fiscal.sendAnewNumber', { id: transactionId })}>
        {t('fiscal.sendAnew')}
      </Button>
      <RegisteredByHandModal transactionId={transactionId} show={byHand} onClose={() => setByHand(false)} />
    </div>
  );
}

export interface FiscalCellProps {
  fiscal: FiscalState | null;
  /** The transaction's id: with `canSettle`, a failed receipt offers its settling by hand. */
  transactionId?: number;
  /** The office (fiscal.manage) may settle a failed receipt. */
  canSettle?: boolean;
}

/** A deposit's fiscal receipt: its number once registered, else its state (and why it failed). */
export function FiscalCell({ fiscal, transactionId, canSettle = false }: FiscalCellProps) {
  const { t } = useTranslation('transactions');
  if (fiscal === null) return null;
  if (fiscal.state === 'registered') return <span className="text-nowrap">{fiscal.receiptNumber}</span>;
  return (
    <>
      <Badge bg={FISCAL_VARIANT[fiscal.state]}>{t(`transactions:fiscal.states.${fiscal.state}`)}</Badge>
      {fiscal.state === 'failed' && (
        <>
          <div className="small text-danger">
            {fiscal.lastError} ({t('transactions:fiscal.attempts', { count: fiscal.attempts })})
          </div>
          {canSettle && transactionId !== undefined && <SettleFailed transactionId={transactionId} />}
        </>
      )}
    </>
  );
}
