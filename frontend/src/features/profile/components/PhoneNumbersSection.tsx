import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { applyServerErrors } from '@/lib/form-errors';
import { PHONE_MAX_LENGTH, PHONE_PATTERN, stripSpaces } from '@/lib/validation';
import { useUpdatePhoneNumbers } from '../api/update-phone-numbers';
import { SectionCard } from '@/components/SectionCard';

const FIELDS = ['phoneNumber', 'phoneNumber2'] as const;
type FormValues = { phoneNumber: string; phoneNumber2: string };

export function PhoneNumbersSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdatePhoneNumbers();
  const schema = useMemo(() => {
    const phone = z.string().trim().max(PHONE_MAX_LENGTH, t('profile:phones.invalid'));
    return z.object({
      phoneNumber: phone.min(1, t('common:validation.required')).regex(PHONE_PATTERN, t('profile:phones.invalid')),
      phoneNumber2: phone.refine((value) => value === '' || PHONE_PATTERN.test(value), {
        message: t('profile:phones.invalid'),
      }),
    });
  }, [t]);
  const values = useMemo(
    () => ({ phoneNumber: user.phoneNumber ?? '', phoneNumber2: user.phoneNumber2 ?? '' }),
    [user.phoneNumber, user.phoneNumber2],
  );
  const form = useForm<FormValues>({ resolver: zodResolver(schema), values });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((submitted) =>
    mutation.mutate(
      {
        phoneNumber: stripSpaces(submitted.phoneNumber),
        phoneNumber2: stripSpaces(submitted.phoneNumber2),
      },
      {
        onSuccess: () => notify({ type: 'success', message: t('profile:saved') }),
        onError: (error) => applyServerErrors(error, form.setError, FIELDS),
      },
    ),
  );
  const title = t('profile:phones.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        {FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`profile-${field}`} key={field}>
            <Form.Label>{t(`profile:phones.${field}`)}</Form.Label>
            <Form.Control
              type="tel"
              inputMode="tel"
              maxLength={PHONE_MAX_LENGTH}
              isInvalid={!!errors[field]}
              {...form.register(field)}
            />
            <Form.Control.Feedback type="invalid">{errors[field]?.message}</Form.Control.Feedback>
          </Form.Group>
        ))}
        <Form.Text className="d-block mb-3">{t('profile:phones.hint')}</Form.Text>
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
