import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormModal } from '@/components/FormModal';
import { DateField, MoneyField, SelectField, TextField, optionalText, requiredChoice } from '@/components/form';
import { notify } from '@/components/toasts/toast-store';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { applyServerErrors } from '@/lib/form-errors';
import { MANUAL_KINDS, transactions, usePayers, type ManualKind, type Transaction } from '@/lib/transactions/ledger';

const DESCRIPTION_MAX_LENGTH = 500;
/** A correction is typed signed ("-5,00"); the other kinds positive. */
const SIGNED_DECIMAL = /^-?\d{1,10}([.,]\d{1,2})?$/;

interface CreateValues {
  userId: number | null;
  kind: ManualKind | null;
  amount: string;
  bookedOn: string;
  description: string;
}

export interface TransactionCreateModalProps {
  show: boolean;
  onClose: () => void;
  /** The payer, when the modal is opened for one (their details page); otherwise chosen in the form. */
  userId?: number;
  defaultKind?: ManualKind;
}

/** Staff booking: a deposit, payout, fee or correction for a payer (transactions.edit). */
export function TransactionCreateModal({ show, onClose, userId, defaultKind = 'deposit' }: TransactionCreateModalProps) {
  const { t } = useTranslation(['transactions', 'common']);
  const payers = usePayers({ perPage: OPTION_LIST_PER_PAGE }, show && userId === undefined);
  const schema = useMemo(
    () =>
      z
        .object({
          userId: requiredChoice(t, z.number()),
          kind: requiredChoice(t, z.enum(MANUAL_KINDS)),
          // Signed only for a correction; the server refuses a negative amount of another kind (field error).
          amount: z
            .string()
            .trim()
            .refine((value) => SIGNED_DECIMAL.test(value) && Number(value.replace(',', '.')) !== 0, t('transactions:validation.amount')),
          bookedOn: z.string(),
          description: optionalText(t, DESCRIPTION_MAX_LENGTH),
        })
        .transform((values) => ({ ...values, amount: values.amount.replace(',', '.') })),
    [t],
  );
  const defaults: DefaultValues<CreateValues> = { userId: userId ?? null, kind: defaultKind, amount: '', bookedOn: '', description: '' };
  const form = useForm<CreateValues, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: defaults });
  const create = transactions.useCreate();
  const close = () => {
    form.reset(defaults);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        userId: values.userId,
        kind: values.kind,
        amount: values.amount,
        description: values.description,
        bookedOn: values.bookedOn || null,
      });
      notify({ type: 'success', message: t('transactions:booked') });
      close();
    } catch (error) {
      applyServerErrors(error, form.setError, ['userId', 'kind', 'amount', 'bookedOn', 'description'] as Path<CreateValues>[]);
    }
  });
  const payerOptions = (payers.data?.items ?? []).map((payer) => ({ value: payer.id, text: `${payer.lastName} ${payer.firstName} (${payer.email})` }));
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <FormModal show={show} title={t('transactions:createTitle')} pending={create.isPending} onSubmit={() => void submit()} onClose={close}>
      {userId === undefined && (
        <SelectField control={form.control} name="userId" label={t('transactions:fields.payer')} options={payerOptions} required />
      )}
      <SelectField
        control={form.control}
        name="kind"
        label={t('transactions:fields.kind')}
        options={MANUAL_KINDS.map((value) => ({ value, text: t(`transactions:kinds.${value}`) }))}
        required
      />
      <MoneyField
        control={form.control}
        name="amount"
        label={t('transactions:fields.amount')}
        help={kind === 'correction' ? t('transactions:help.correctionAmount') : t('transactions:help.amount')}
        required
      />
      <DateField control={form.control} name="bookedOn" label={t('transactions:fields.bookedOn')} help={t('transactions:help.bookedOn')} />
      <TextField control={form.control} name="description" label={t('transactions:fields.description')} maxLength={DESCRIPTION_MAX_LENGTH} />
    </FormModal>
  );
}

interface CorrectValues {
  amount: string;
  description: string;
}

/** Manual "edit": what the transaction should have been; the server books a correction with the difference. */
export function CorrectionModal({ row, onClose }: { row: Transaction | null; onClose: () => void }) {
  const { t } = useTranslation(['transactions', 'common']);
  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .string()
          .trim()
          .regex(SIGNED_DECIMAL, t('common:validation.decimal'))
          .transform((value) => value.replace(',', '.')),
        description: optionalText(t, DESCRIPTION_MAX_LENGTH),
      }),
    [t],
  );
  const form = useForm<CorrectValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: { amount: row?.effectiveAmount.amount ?? '', description: '' },
  });
  const update = transactions.useUpdate();
  const submit = form.handleSubmit(async (values) => {
    if (!row) return;
    try {
      await update.mutateAsync({ id: row.id, body: values });
      notify({ type: 'success', message: t('transactions:corrected') });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['amount', 'description'] as Path<CorrectValues>[]);
    }
  });
  return (
    <FormModal
      show={row !== null}
      title={t('transactions:correctTitle', { id: row?.id ?? '' })}
      pending={update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <p className="text-body-secondary small">{t('transactions:help.correct')}</p>
      <MoneyField control={form.control} name="amount" label={t('transactions:fields.correctAmount')} required />
      <TextField control={form.control} name="description" label={t('transactions:fields.description')} maxLength={DESCRIPTION_MAX_LENGTH} />
    </FormModal>
  );
}

