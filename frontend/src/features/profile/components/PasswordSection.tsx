import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdatePassword, type PasswordChangeBody } from '../api/update-password';
import { SectionCard } from '@/components/SectionCard';

const FIELDS = ['currentPassword', 'password', 'passwordConfirmation'] as const;
export const PASSWORD_MIN_LENGTH = 8;

export function PasswordSection() {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdatePassword();
  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: z.string().min(1, t('common:validation.required')),
          password: z.string().min(PASSWORD_MIN_LENGTH, t('profile:password.tooShort', { min: PASSWORD_MIN_LENGTH })),
          passwordConfirmation: z.string(),
        })
        .refine((values) => values.password === values.passwordConfirmation, {
          path: ['passwordConfirmation'],
          message: t('profile:password.mismatch'),
        }),
    [t],
  );
  const form = useForm<PasswordChangeBody>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset();
        notify({ type: 'success', message: t('profile:password.changed') });
      },
      onError: (error) => applyServerErrors(error, form.setError, FIELDS),
    }),
  );
  const title = t('profile:password.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        {FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`profile-${field}`} key={field}>
            <Form.Label>{t(`profile:password.${field}`)}</Form.Label>
            <Form.Control
              type="password"
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
              isInvalid={!!errors[field]}
              {...form.register(field)}
            />
            <Form.Control.Feedback type="invalid">{errors[field]?.message}</Form.Control.Feedback>
          </Form.Group>
        ))}
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('profile:password.submit')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
