import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateInvoicesSettings } from '../api/update-invoices-settings';
import { SectionCard } from '@/components/SectionCard';

const TEXT_FIELDS = ['companyName', 'vatId', 'street', 'postCode', 'city'] as const;
const REQUIRED_WHEN_ENABLED = ['companyName', 'street', 'postCode', 'city'] as const;
/** The server's limits (InvoicesSettingsSerializer); it requires the details only when invoices are on. */
const MAX_LENGTH = { companyName: 200, vatId: 20, street: 200, postCode: 10, city: 100 } as const;
type FormValues = { invoicesEnabled: boolean } & Record<(typeof TEXT_FIELDS)[number], string>;

/** Shown only when the tenant enables invoices for users (spec §5); details required only when enabled. */
export function InvoicesSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdateInvoicesSettings();
  const schema = useMemo(() => {
    const tooLong = (max: number) => t('common:validation.maxLength', { max });
    return z
      .object({
        invoicesEnabled: z.boolean(),
        companyName: z.string().trim().max(MAX_LENGTH.companyName, tooLong(MAX_LENGTH.companyName)),
        vatId: z.string().trim().max(MAX_LENGTH.vatId, tooLong(MAX_LENGTH.vatId)),
        street: z.string().trim().max(MAX_LENGTH.street, tooLong(MAX_LENGTH.street)),
        postCode: z.string().trim().max(MAX_LENGTH.postCode, tooLong(MAX_LENGTH.postCode)),
        city: z.string().trim().max(MAX_LENGTH.city, tooLong(MAX_LENGTH.city)),
      })
      .superRefine((values, ctx) => {
        if (!values.invoicesEnabled) return;
        for (const field of REQUIRED_WHEN_ENABLED) {
          if (!values[field]) ctx.addIssue({ code: 'custom', path: [field], message: t('common:validation.required') });
        }
      });
  }, [t]);
  const settings = user.invoicesSettings;
  const values = useMemo<FormValues>(
    () => ({
      invoicesEnabled: settings.invoicesEnabled,
      companyName: settings.companyName,
      vatId: settings.vatId,
      street: settings.address.street,
      postCode: settings.address.postCode,
      city: settings.address.city,
    }),
    [settings],
  );
  const form = useForm<FormValues>({ resolver: zodResolver(schema), values });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((submitted) =>
    mutation.mutate(
      {
        invoicesEnabled: submitted.invoicesEnabled,
        // Blank fields are '' (the server's text fields take no null); zod has trimmed them.
        companyName: submitted.companyName,
        vatId: submitted.vatId,
        address: { street: submitted.street, city: submitted.city, postCode: submitted.postCode },
      },
      {
        onSuccess: () => notify({ type: 'success', message: t('profile:saved') }),
        onError: (error) =>
          applyServerErrors(error, form.setError, ['invoicesEnabled', ...TEXT_FIELDS], {
            'address.street': 'street',
            'address.city': 'city',
            'address.postCode': 'postCode',
          }),
      },
    ),
  );
  const title = t('profile:invoices.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        <Form.Check
          type="switch"
          id="profile-invoicesEnabled"
          className="mb-3"
          label={t('profile:invoices.invoicesEnabled')}
          {...form.register('invoicesEnabled')}
        />
        <Row>
          {TEXT_FIELDS.map((field) => (
            <Col md={field === 'companyName' || field === 'street' ? 12 : 4} key={field}>
              <Form.Group className="mb-3" controlId={`profile-invoices-${field}`}>
                <Form.Label>{t(`profile:invoices.${field}`)}</Form.Label>
                <Form.Control isInvalid={!!errors[field]} {...form.register(field)} />
                <Form.Control.Feedback type="invalid">{errors[field]?.message}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          ))}
        </Row>
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
