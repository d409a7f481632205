import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { isValidNrb } from '@/lib/nrb';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { useUpdateRefundBankAccount } from '../api/update-refund-bank-account';

const FIELDS = ['bankAccountNumber'] as const;
const MAX_LENGTH = 32;

/** Parents only: the account their refunds (/returnRequests) are sent to. */
export function RefundBankAccountSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdateRefundBankAccount();
  const schema = useMemo(
    () =>
      z.object({
        bankAccountNumber: z
          .string()
          .trim()
          .refine((value) => value === '' || isValidNrb(value), t('profile:refundAccount.invalid'))
          .transform((value) => value.replace(/\s/g, '')),
      }),
    [t],
  );
  const form = useForm<{ bankAccountNumber: string }, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: { bankAccountNumber: user.bankAccountNumber ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((submitted) =>
    mutation.mutate(submitted, {
      onSuccess: () => notify({ type: 'success', message: t('profile:saved') }),
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    }),
  );
  const title = t('profile:refundAccount.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        <Form.Group className="mb-3" controlId="profile-bankAccountNumber">
          <Form.Label>{t('profile:refundAccount.label')}</Form.Label>
          <Form.Control inputMode="numeric" maxLength={MAX_LENGTH} isInvalid={!!errors.bankAccountNumber} {...form.register('bankAccountNumber')} />
          <Form.Control.Feedback type="invalid">{errors.bankAccountNumber?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Text className="d-block mb-3">{t('profile:refundAccount.hint')}</Form.Text>
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
